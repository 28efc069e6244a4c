import type { ServerModule } from './context.ts';
import { healthModule } from './health.ts';

/** Every feature module of the server, in mount order. Features add themselves here. */
export const modules: ServerModule[] = [healthModule];
