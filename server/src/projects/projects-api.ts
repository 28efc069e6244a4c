import type { Hono } from 'hono';
import { activityQuery, createProjectBody, listProjectsQuery, patchProjectBody, PROJECT_STATUS_LABELS } from '@waymark/contracts';
import { requireUser } from '../http/guards.ts';
import type { AppContext, AppEnv } from '../context.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { cachedList } from '../http/cached-list.ts';
import type { ListTable } from '../db/list-cache.ts';
import { projectNotFound, requireProjectRole } from './access.ts';
import { listActivity, logActivity } from './activity.ts';
import type { DocumentStore } from './documents.ts';
import { listProjects, locationColumns, projectJson } from './repository.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** What a project list page is read from: projects, members (and their names), document counts, task progress. */
const PROJECT_LIST_TABLES: readonly ListTable[] = ['projects', 'project_members', 'users', 'project_documents', 'tasks'];

export function registerProjectsApi(app: Hono<AppEnv>, ctx: AppContext, documents: DocumentStore) {
  const db = ctx.db;

  app.get('/api/projects', async (c) => {
    const user = requireUser(c);
    const q = parseOr400(listProjectsQuery, c.req.query(), 'query');
    return cachedList(c, ctx, { kind: 'projects', userId: user.id, query: q, tables: PROJECT_LIST_TABLES, headers: NO_STORE }, () =>
      listProjects(db, user.id, q),
    );
  });

  app.post('/api/projects', async (c) => {
    const user = requireUser(c);
    const body = parseOr400(createProjectBody, await readJson(c), 'project');
    const row = await db.transaction().execute(async (trx) => {
      const p = await trx
        .insertInto('projects')
        .values({
          name: body.name,
          description: body.description,
          status: body.status,
          ...locationColumns(body.location),
          cover_color: body.cover.color,
          cover_emoji: body.cover.emoji,
          archived_at: body.status === 'archived' ? new Date() : null,
          created_by: user.id,
          updated_by: user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('project_members').values({ project_id: p.id, user_id: user.id, role: 'owner', added_by: user.id }).execute();
      await logActivity(trx, p.id, user.id, 'project.created', { name: p.name, status: p.status });
      return p;
    });
    return c.json(await projectJson(db, row, 'owner'), 201, NO_STORE);
  });

  app.get('/api/projects/:id', async (c) => {
    const { role } = await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const row = await db.selectFrom('projects').selectAll().where('id', '=', c.req.param('id')).executeTakeFirst();
    if (!row) throw projectNotFound();
    return c.json(await projectJson(db, row, role), 200, NO_STORE);
  });

  app.patch('/api/projects/:id', async (c) => {
    const { user, role } = await requireProjectRole(db, c, c.req.param('id'), 'editor');
    const id = c.req.param('id');
    const body = parseOr400(patchProjectBody, await readJson(c), 'project');
    const row = await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw projectNotFound();
      const statusChanged = body.status !== undefined && body.status !== before.status;
      const after = await trx
        .updateTable('projects')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          ...(statusChanged ? { archived_at: body.status === 'archived' ? new Date() : null } : {}),
          ...(body.location !== undefined ? locationColumns(body.location) : {}),
          ...(body.cover !== undefined ? { cover_color: body.cover.color, cover_emoji: body.cover.emoji } : {}),
          updated_by: user.id,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (statusChanged) {
        await logActivity(trx, id, user.id, 'project.status_changed', {
          from: before.status,
          to: after.status,
          label: PROJECT_STATUS_LABELS[after.status],
        });
      }
      const changed = (['name', 'description', 'location', 'cover'] as const).filter((k) => body[k] !== undefined);
      if (changed.length) await logActivity(trx, id, user.id, 'project.updated', { fields: changed, name: after.name });
      return after;
    });
    return c.json(await projectJson(db, row, role), 200, NO_STORE);
  });

  app.delete('/api/projects/:id', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'owner');
    await documents.deleteProject(c.req.param('id'));
    return c.body(null, 204);
  });

  app.get('/api/projects/:id/activity', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const q = parseOr400(activityQuery, c.req.query(), 'query');
    return c.json(await listActivity(db, c.req.param('id'), q.limit, q.before), 200, NO_STORE);
  });
}
