import type { AppContext, ServerModule } from '../context.ts';
import { DocumentStore, registerDocumentsApi, UPLOAD_PATH } from './documents.ts';
import { projectsDashboard } from './dashboard.ts';
import { registerMembersApi } from './members-api.ts';
import { registerProjectsApi } from './projects-api.ts';
import { seedDemoProjects } from './seed.ts';

const stores = new WeakMap<AppContext, DocumentStore>();

/** The document store of an app context (created by the module's init). */
export function documentStore(ctx: AppContext): DocumentStore {
  let s = stores.get(ctx);
  if (!s) {
    s = new DocumentStore(ctx);
    stores.set(ctx, s);
  }
  return s;
}

const contexts = new Set<AppContext>();

/**
 * Projects: members and roles, invitations by email, documents on disk or S3, activity.
 * Every project is private to its members (non-members get 404). See docs/projects.md.
 */
export const projectsModule: ServerModule = {
  name: 'projects',
  streamingBodies: [UPLOAD_PATH],
  async init(ctx) {
    contexts.add(ctx);
    await documentStore(ctx).init();
  },
  register(app, ctx) {
    const store = documentStore(ctx);
    registerProjectsApi(app, ctx, store);
    registerMembersApi(app, ctx);
    registerDocumentsApi(app, ctx, store);
  },
  dashboard: projectsDashboard,
  async seed(ctx) {
    await seedDemoProjects(ctx, documentStore(ctx));
  },
  close() {
    for (const ctx of contexts) {
      stores.get(ctx)?.close();
      stores.delete(ctx);
    }
    contexts.clear();
  },
};

// The projects module's public face for other modules (the tasks module, the map editor): the one
// role answer and guard, the activity log, and the hook for real task progress on project cards.
export { projectNotFound, projectRole, requireProjectRole, roleAtLeast, ROLE_RANK } from './access.ts';
export { displayName, logActivity, type ActivityAction } from './activity.ts';
export { setTaskProgress, type TaskProgress } from './repository.ts';
