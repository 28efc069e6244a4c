import type { ServerModule } from './context.ts';
import { authModule } from './auth/module.ts';
import { dashboardModule } from './dashboard/index.ts';
import { healthModule } from './health.ts';
import { regionsModule } from './regions/index.ts';
import { plannerModule } from './planner/index.ts';
import { aiModule } from './ai/index.ts';
import { mapsModule } from './maps/index.ts';

/** Every feature module of the server, in mount order. Features add themselves here. */
export const modules: ServerModule[] = [healthModule, authModule, regionsModule, plannerModule, dashboardModule, aiModule, mapsModule];
