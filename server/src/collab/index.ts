import type { AppContext, ServerModule } from '../context.ts';
import { IMPORT_PATH, registerCollabApi } from './api.ts';
import { CollabHub } from './hub.ts';

const hubs = new WeakMap<AppContext, CollabHub>();

/** The collaboration hub of an app context (created by the module's init). */
export function collabHub(ctx: AppContext): CollabHub {
  const hub = hubs.get(ctx);
  if (!hub) throw new Error('collab module not initialised');
  return hub;
}

/**
 * Real-time collaboration on project maps: the websocket at /api/collab (Hocuspocus, document
 * name = project id), durable update log with snapshots and history, relay between server
 * processes, the materialised features table and the map REST API. See docs/collaboration.md.
 */
export const collabModule: ServerModule = {
  name: 'collab',
  streamingBodies: [IMPORT_PATH],
  async init(ctx) {
    const hub = new CollabHub(ctx);
    await hub.start();
    hubs.set(ctx, hub);
  },
  register(app, ctx) {
    const hub = collabHub(ctx);
    hub.registerRoutes(app);
    registerCollabApi(app, ctx, hub);
  },
  attach(server, app, ctx) {
    return collabHub(ctx).attach(server, app);
  },
  async close(ctx) {
    const hub = hubs.get(ctx);
    hubs.delete(ctx);
    await hub?.close();
  },
};
