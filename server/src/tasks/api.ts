import type { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import type { ProjectRole, TaskStatus } from '@waymark/contracts';
import {
  bulkDeleteTasksBody,
  bulkUpdateTasksBody,
  createTaskBody,
  listTasksQuery,
  patchTaskBody,
  TASK_STATUS_LABELS,
  TASK_TITLE_MAX,
  taskId as taskIdSchema,
} from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, invalidInput } from '../http/errors.ts';
import { requireUser, type SignedInUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';
import { onSegment } from '../http/segment.ts';
import { cachedList } from '../http/cached-list.ts';
import type { ListTable } from '../db/list-cache.ts';
import { logActivity, requireProjectRole, roleAtLeast } from '../projects/index.ts';
import { listTasks, projectsForTasks, taskById, taskJson, tasksByIds, type TaskRow } from './repository.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** What a task list page is read from: the tasks, their projects' names and memberships, people's names. */
const TASK_LIST_TABLES: readonly ListTable[] = ['tasks', 'projects', 'project_members', 'users'];

type Db = Kysely<Database>;

export const taskNotFound = () => new HttpError(404, 'not_found', 'Task not found');
const editorsOnly = () => new HttpError(403, 'forbidden', 'Only editors and owners of this project can change its tasks');
const notAMember = () => invalidInput('The assignee must be a member of the task’s project', 'assigneeId');

/** A task id from the path: a malformed one is a 400 with the usual validation details. */
function parseTaskId(raw: string): string {
  const r = taskIdSchema.safeParse(raw);
  if (!r.success) {
    throw new HttpError(400, 'validation_error', 'Invalid task id: must be a UUID', {
      issues: [{ path: 'id', message: 'a task id (UUID)' }],
    });
  }
  return r.data;
}

/**
 * The task as the signed-in user sees it, with their role: 404 when it does not exist or they are
 * not a member of its project (indistinguishable on purpose), 403 when `min` is editor and they
 * only view.
 */
async function requireTask(db: Db, user: SignedInUser, rawId: string, min: ProjectRole): Promise<TaskRow> {
  const id = parseTaskId(rawId);
  const row = await taskById(db, user.id, id);
  if (!row || !row.my_role) throw taskNotFound();
  if (!roleAtLeast(row.my_role, min)) throw editorsOnly();
  return row;
}

async function isMember(db: Db | Transaction<Database>, projectId: string, userId: string) {
  const r = await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(r);
}

/** Projects where `userId` may change tasks, as a subquery (re-checked inside each write's transaction). */
const editableProjects = (trx: Transaction<Database>, userId: string) =>
  trx.selectFrom('project_members').select('project_id').where('user_id', '=', userId).where('role', 'in', ['owner', 'editor']);

/** A foreign-key failure on the assignee (the member left between our check and the write) is the same 400. */
function assigneeRace(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code === '23503' && /assignee|project_members/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)) throw notAMember();
  throw err;
}

/** The activity entry a status change makes in the project's log (null for changes not logged). */
function statusAction(from: TaskStatus, to: TaskStatus) {
  if (from === to) return null;
  if (to === 'done') return 'task.done' as const;
  if (to === 'canceled') return 'task.canceled' as const;
  if (from === 'done' || from === 'canceled') return 'task.reopened' as const;
  return null;
}

async function logStatusChange(
  trx: Transaction<Database>,
  t: { id: string; project_id: string; title: string },
  userId: string,
  from: TaskStatus,
  to: TaskStatus,
) {
  const action = statusAction(from, to);
  if (action)
    await logActivity(trx, t.project_id, userId, action, { taskId: t.id, title: t.title, from, to, label: TASK_STATUS_LABELS[to] });
}

/** The tasks of a bulk request, all visible and editable by the user, or the whole request fails. */
async function requireEditableTasks(db: Db, user: SignedInUser, ids: string[]) {
  const rows = await tasksByIds(db, user.id, ids);
  const seen = new Map(rows.filter((r) => r.my_role).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !seen.has(id));
  if (missing.length) {
    throw new HttpError(404, 'not_found', missing.length === 1 ? 'A task was not found' : `${missing.length} tasks were not found`, {
      ids: missing,
    });
  }
  const readOnly = rows.filter((r) => !roleAtLeast(r.my_role, 'editor')).map((r) => r.id);
  if (readOnly.length) {
    throw new HttpError(403, 'forbidden', 'Only editors and owners of a project can change its tasks', { ids: readOnly });
  }
  return rows;
}

export function registerTasksApi(app: Hono<AppEnv>, ctx: AppContext) {
  const db = ctx.db;

  app.get('/api/tasks', async (c) => {
    const user = requireUser(c);
    const q = validate(c, 'query', listTasksQuery);
    return cachedList(c, ctx, { kind: 'tasks', userId: user.id, query: q, tables: TASK_LIST_TABLES, headers: NO_STORE }, () =>
      listTasks(db, user.id, q),
    );
  });

  // GET /api/tasks/projects, POST /api/tasks/bulk-update and bulk-delete: on the pattern of
  // /api/tasks/:id (registered before its own route: http/segment.ts)
  app.get(
    '/api/tasks/:id',
    onSegment('id', 'projects', async (c) => {
      const user = requireUser(c);
      return c.json({ projects: await projectsForTasks(db, user.id) }, 200, NO_STORE);
    }),
  );

  app.post('/api/tasks', async (c) => {
    const user = requireUser(c);
    const body = await validate(c, 'json', createTaskBody, 'task');
    await requireProjectRole(db, c, body.projectId, 'editor');
    if (body.assigneeId && !(await isMember(db, body.projectId, body.assigneeId))) throw notAMember();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('tasks')
          .values({
            project_id: body.projectId,
            title: body.title,
            description: body.description,
            status: body.status,
            priority: body.priority,
            label: body.label,
            assignee_id: body.assigneeId,
            due_date: body.dueDate,
            done_at: body.status === 'done' ? new Date() : null,
            created_by: user.id,
            updated_by: user.id,
          })
          .returning(['id', 'title'])
          .executeTakeFirstOrThrow();
        await logActivity(trx, body.projectId, user.id, 'task.created', { taskId: row.id, title: row.title });
        if (body.status === 'done') await logActivity(trx, body.projectId, user.id, 'task.done', { taskId: row.id, title: row.title });
        return row.id;
      })
      .catch(assigneeRace);
    return c.json(taskJson((await taskById(db, user.id, id))!), 201, NO_STORE);
  });

  app.get('/api/tasks/:id', async (c) => {
    const user = requireUser(c);
    const row = await requireTask(db, user, c.req.param('id'), 'viewer');
    return c.json(taskJson(row), 200, NO_STORE);
  });

  app.patch('/api/tasks/:id', async (c) => {
    const user = requireUser(c);
    const before = await requireTask(db, user, c.req.param('id'), 'editor');
    const body = await validate(c, 'json', patchTaskBody, 'task');
    const targetProject = body.projectId ?? before.project_id;
    if (targetProject !== before.project_id) await requireProjectRole(db, c, targetProject, 'editor');
    const assignee = body.assigneeId !== undefined ? body.assigneeId : before.assignee_id;
    if (
      assignee &&
      (body.assigneeId !== undefined || targetProject !== before.project_id) &&
      !(await isMember(db, targetProject, assignee))
    ) {
      throw notAMember();
    }
    await db
      .transaction()
      .execute(async (trx) => {
        const cur = await trx
          .selectFrom('tasks')
          .select(['id', 'project_id', 'status', 'title'])
          .where('id', '=', before.id)
          .where('project_id', 'in', editableProjects(trx, user.id))
          .forUpdate()
          .executeTakeFirst();
        // gone, or the user's role changed since the check above
        if (!cur) throw taskNotFound();
        const status = body.status ?? cur.status;
        const after = await trx
          .updateTable('tasks')
          .set({
            ...(body.projectId !== undefined ? { project_id: body.projectId } : {}),
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(status !== cur.status ? { done_at: status === 'done' ? new Date() : null } : {}),
            ...(body.priority !== undefined ? { priority: body.priority } : {}),
            ...(body.label !== undefined ? { label: body.label } : {}),
            ...(body.assigneeId !== undefined ? { assignee_id: body.assigneeId } : {}),
            ...(body.dueDate !== undefined ? { due_date: body.dueDate } : {}),
            updated_by: user.id,
            updated_at: new Date(),
          })
          .where('id', '=', before.id)
          .returning(['id', 'project_id', 'title'])
          .executeTakeFirstOrThrow();
        await logStatusChange(trx, after, user.id, cur.status, status);
      })
      .catch(assigneeRace);
    return c.json(taskJson((await taskById(db, user.id, before.id))!), 200, NO_STORE);
  });

  app.post('/api/tasks/:id/duplicate', async (c) => {
    const user = requireUser(c);
    const src = await requireTask(db, user, c.req.param('id'), 'editor');
    const title = `${src.title} (copy)`.slice(0, TASK_TITLE_MAX);
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('tasks')
          .values({
            project_id: src.project_id,
            title,
            description: src.description,
            status: src.status,
            priority: src.priority,
            label: src.label,
            assignee_id: src.assignee_id,
            due_date: src.due,
            done_at: src.status === 'done' ? new Date() : null,
            created_by: user.id,
            updated_by: user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await logActivity(trx, src.project_id, user.id, 'task.created', { taskId: row.id, title, copyOf: src.id });
        return row.id;
      })
      .catch(assigneeRace);
    return c.json(taskJson((await taskById(db, user.id, id))!), 201, NO_STORE);
  });

  app.delete('/api/tasks/:id', async (c) => {
    const user = requireUser(c);
    const row = await requireTask(db, user, c.req.param('id'), 'editor');
    await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('tasks')
        .where('id', '=', row.id)
        .where('project_id', 'in', editableProjects(trx, user.id))
        .returning('id')
        .executeTakeFirst();
      if (gone) await logActivity(trx, row.project_id, user.id, 'task.deleted', { taskId: row.id, title: row.title });
    });
    return c.body(null, 204);
  });

  app.post(
    '/api/tasks/:id',
    onSegment('id', 'bulk-update', async (c) => {
      const user = requireUser(c);
      const body = await validate(c, 'json', bulkUpdateTasksBody, 'bulk change');
      const rows = await requireEditableTasks(db, user, body.ids);
      await db.transaction().execute(async (trx) => {
        const cur = await trx
          .selectFrom('tasks')
          .select(['id', 'project_id', 'status', 'title'])
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .where('project_id', 'in', editableProjects(trx, user.id))
          .orderBy('id')
          .forUpdate()
          .execute();
        const now = new Date();
        for (const t of cur) {
          const status = body.status ?? t.status;
          await trx
            .updateTable('tasks')
            .set({
              ...(body.status !== undefined ? { status: body.status } : {}),
              ...(status !== t.status ? { done_at: status === 'done' ? now : null } : {}),
              ...(body.priority !== undefined ? { priority: body.priority } : {}),
              updated_by: user.id,
              updated_at: now,
            })
            .where('id', '=', t.id)
            .execute();
          await logStatusChange(trx, t, user.id, t.status, status);
        }
      });
      const items = (await tasksByIds(db, user.id, body.ids)).map(taskJson);
      return c.json({ updated: items.length, items }, 200, NO_STORE);
    }),
  );

  app.post(
    '/api/tasks/:id',
    onSegment('id', 'bulk-delete', async (c) => {
      const user = requireUser(c);
      const body = await validate(c, 'json', bulkDeleteTasksBody, 'bulk delete');
      await requireEditableTasks(db, user, body.ids);
      const deleted = await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('tasks')
          .where('id', 'in', body.ids)
          .where('project_id', 'in', editableProjects(trx, user.id))
          .returning(['id', 'project_id', 'title'])
          .execute();
        for (const t of gone) await logActivity(trx, t.project_id, user.id, 'task.deleted', { taskId: t.id, title: t.title });
        return gone.length;
      });
      return c.json({ deleted }, 200, NO_STORE);
    }),
  );
}
