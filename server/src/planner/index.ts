import path from 'node:path';
import type { ServerModule } from '../context.ts';
import { routesDashboard } from './dashboard.ts';
import { EngineRegistry, packsDir } from './engine.ts';
import { registerRoutesApi } from './routes-api.ts';
import { registerRoutingApi } from './routing-api.ts';

// For other modules (the AI chat's tools, the map pages' demo data): the planner's engines and where packs live.
export { EngineRegistry, engineCall, packsDir } from './engine.ts';

const engines = new EngineRegistry();

/** Running route planner: routing on region graphs and saved routes (private / unlisted / public). */
export const plannerModule: ServerModule = {
  name: 'planner',
  migrations: { dir: path.join(import.meta.dirname, 'migrations') },
  init(ctx) {
    engines.clear();
    engines.dir = packsDir(ctx.config);
  },
  register(app, ctx) {
    registerRoutingApi(app, ctx, engines);
    registerRoutesApi(app, ctx);
  },
  dashboard: routesDashboard,
  close() {
    engines.clear();
  },
};
