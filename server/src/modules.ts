import type { ServerModule } from './context.ts';
import { authModule } from './auth/module.ts';
import { dashboardModule } from './dashboard/index.ts';
import { healthModule } from './health.ts';
import { mailModule } from './mail/module.ts';
import { regionsModule } from './regions/index.ts';
import { plannerModule } from './planner/index.ts';
import { projectsModule } from './projects/index.ts';
import { settingsModule } from './settings/index.ts';
import { tasksModule } from './tasks/index.ts';
import { collabModule } from './collab/index.ts';
import { aiModule } from './ai/index.ts';
import { mapsModule } from './maps/index.ts';

/**
 * Every feature module of the server, in mount order. Features add themselves here.
 * `auth` comes before the modules whose routes need the session (its middleware sets the user);
 * `dashboard` last, as it asks the others for their figures.
 */
export const modules: ServerModule[] = [
  healthModule,
  authModule,
  mailModule,
  regionsModule,
  plannerModule,
  projectsModule,
  collabModule,
  tasksModule,
  settingsModule,
  aiModule,
  mapsModule,
  dashboardModule,
];
