import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { listTasksQuery, ProjectRole, Task, TaskFacetCount, TaskList, TaskPriority, TaskStatus } from '@waymark/contracts';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, UNASSIGNED } from '@waymark/contracts';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { displayName } from '../projects/index.ts';
import './db.ts';

type Db = Kysely<Database>;
export type ListTasksQuery = z.output<typeof listTasksQuery>;

/** One task row with everything its wire shape needs (project name, people, the viewer's role). */
export interface TaskRow {
  id: string;
  project_id: string;
  project_name: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  label: string;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  due: string | null;
  done_at: Date | string | null;
  created_by: string | null;
  creator_name: string | null;
  creator_email: string | null;
  updated_by: string | null;
  updater_name: string | null;
  updater_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  my_role: ProjectRole | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function taskJson(r: TaskRow): Task {
  const person = (id: string | null, name: string | null, email: string | null) => (id ? { id, name: displayName(name, email) } : null);
  return {
    id: r.id,
    project: { id: r.project_id, name: r.project_name },
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    label: r.label,
    assignee: person(r.assignee_id, r.assignee_name, r.assignee_email),
    dueDate: r.due,
    createdBy: person(r.created_by, r.creator_name, r.creator_email),
    updatedBy: person(r.updated_by, r.updater_name, r.updater_email),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    doneAt: r.done_at ? iso(r.done_at) : null,
    canEdit: r.my_role === 'owner' || r.my_role === 'editor',
  };
}

/** The select list and joins of a task row seen by `userId` (their role is null when not a member). */
function taskSelect(userId: string) {
  return sql`
    select t.id::text as id, t.project_id::text as project_id, p.name as project_name, t.title, t.description, t.status,
           t.priority, t.label, t.assignee_id::text as assignee_id, a.name as assignee_name, a.email as assignee_email,
           t.due_date::text as due, t.done_at, t.created_by::text as created_by, cu.name as creator_name,
           cu.email as creator_email, t.updated_by::text as updated_by, uu.name as updater_name, uu.email as updater_email,
           t.created_at, t.updated_at, m.role as my_role
      from tasks t
      join projects p on p.id = t.project_id
      left join project_members m on m.project_id = t.project_id and m.user_id = ${userId}::uuid
      left join users a on a.id = t.assignee_id
      left join users cu on cu.id = t.created_by
      left join users uu on uu.id = t.updated_by`;
}

/** Tasks by id as `userId` sees them (rows of projects they are not a member of come back with my_role null). */
export async function tasksByIds(db: Db, userId: string, ids: string[]): Promise<TaskRow[]> {
  if (!ids.length) return [];
  const r = await sql<TaskRow>`${taskSelect(userId)} where t.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(db);
  return r.rows;
}

export async function taskById(db: Db, userId: string, id: string): Promise<TaskRow | undefined> {
  return (await tasksByIds(db, userId, [id]))[0];
}

function escapeLike(s: string) {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

const STATUS_RANK = sql`case t.status when 'backlog' then 0 when 'todo' then 1 when 'in_progress' then 2 when 'done' then 3 else 4 end`;
const PRIORITY_RANK = sql`case t.priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;

/** Default direction of each sort: newest, most urgent first; names and dates ascending. */
const DEFAULT_ORDER: Record<ListTasksQuery['sort'], 'asc' | 'desc'> = {
  title: 'asc',
  status: 'asc',
  priority: 'desc',
  label: 'asc',
  due: 'asc',
  project: 'asc',
  assignee: 'asc',
  created: 'desc',
  updated: 'desc',
};

type FacetKey = 'status' | 'priority' | 'label' | 'project' | 'assignee';
const FACETS: FacetKey[] = ['status', 'priority', 'label', 'project', 'assignee'];

const inList = (col: RawBuilder<unknown>, values: string[], cast = '') =>
  sql`${col} in (${sql.join(values.map((v) => (cast ? sql`${v}::uuid` : sql`${v}`)))})`;

/** The filter of each facet (null when the facet is not filtered). */
function facetConditions(q: ListTasksQuery): Record<FacetKey, RawBuilder<unknown> | null> {
  const assignee = () => {
    const ids = (q.assignee ?? []).filter((a) => a !== UNASSIGNED);
    const none = (q.assignee ?? []).includes(UNASSIGNED);
    const parts: RawBuilder<unknown>[] = [];
    if (ids.length) parts.push(inList(sql`t.assignee_id`, ids, 'uuid'));
    if (none) parts.push(sql`t.assignee_id is null`);
    return sql`(${sql.join(parts, sql` or `)})`;
  };
  return {
    status: q.status?.length ? inList(sql`t.status`, q.status) : null,
    priority: q.priority?.length ? inList(sql`t.priority`, q.priority) : null,
    label: q.label?.length ? inList(sql`t.label`, q.label) : null,
    project: q.project?.length ? inList(sql`t.project_id`, q.project, 'uuid') : null,
    assignee: q.assignee?.length ? assignee() : null,
  };
}

const and = (conds: (RawBuilder<unknown> | null)[]) => {
  const cs = conds.filter((c): c is RawBuilder<unknown> => c !== null);
  return cs.length ? sql`(${sql.join(cs, sql` and `)})` : sql`true`;
};

/**
 * One page of the tasks of every project `userId` is a member of, with search, filters, sort and
 * facet counts. Two queries: the page (with its joins), and one scan that counts the total and
 * every facet value (each facet honouring the search and the other facets' filters).
 */
export async function listTasks(db: Db, userId: string, q: ListTasksQuery): Promise<TaskList> {
  const search = q.q
    ? sql`(t.title ilike ${escapeLike(q.q)} or t.description ilike ${escapeLike(q.q)} or t.label ilike ${escapeLike(q.q)})`
    : null;
  const conds = facetConditions(q);
  const all = and([search, ...FACETS.map((f) => conds[f])]);

  const order = q.order ?? DEFAULT_ORDER[q.sort];
  const dir = sql.raw(order);
  const key = {
    title: sql`lower(t.title) ${dir}`,
    status: sql`${STATUS_RANK} ${dir}`,
    priority: sql`${PRIORITY_RANK} ${dir}`,
    label: sql`t.label = '' asc, t.label ${dir}`,
    due: sql`t.due_date ${dir} nulls last`,
    project: sql`lower(p.name) ${dir}`,
    assignee: sql`lower(coalesce(nullif(trim(a.name), ''), a.email)) ${dir} nulls last`,
    created: sql`t.created_at ${dir}`,
    updated: sql`t.updated_at ${dir}`,
  }[q.sort];

  // The page in two steps: the ids in order over narrow rows (the sort touches only the columns it
  // needs), then the 20-odd rows with their joins.
  const joins = sql.join(
    [
      q.sort === 'project' ? sql`join projects p on p.id = t.project_id` : null,
      q.sort === 'assignee' ? sql`left join users a on a.id = t.assignee_id` : null,
    ].filter((j): j is RawBuilder<unknown> => j !== null),
    sql` `,
  );
  const pageIds = await sql<{ id: string }>`
    select t.id::text as id
      from tasks t
      join project_members m on m.project_id = t.project_id and m.user_id = ${userId}::uuid
      ${joins}
     where ${all}
     order by ${key}, t.updated_at desc, t.id
     limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`.execute(db);
  const ids = pageIds.rows.map((r) => r.id);
  const byId = new Map((await tasksByIds(db, userId, ids)).map((r) => [r.id, r]));
  const pageRows = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const counts = await sql<{
    status: string | null;
    priority: string | null;
    label: string | null;
    project_id: string | null;
    assignee_id: string | null;
    gs: number;
    gp: number;
    gl: number;
    gj: number;
    ga: number;
    c_status: string;
    c_priority: string;
    c_label: string;
    c_project: string;
    c_assignee: string;
    c_all: string;
  }>`
    select t.status, t.priority, t.label, t.project_id::text as project_id, t.assignee_id::text as assignee_id,
           grouping(t.status) as gs, grouping(t.priority) as gp, grouping(t.label) as gl,
           grouping(t.project_id) as gj, grouping(t.assignee_id) as ga,
           count(*) filter (where ${and(FACETS.filter((f) => f !== 'status').map((f) => conds[f]))}) as c_status,
           count(*) filter (where ${and(FACETS.filter((f) => f !== 'priority').map((f) => conds[f]))}) as c_priority,
           count(*) filter (where ${and(FACETS.filter((f) => f !== 'label').map((f) => conds[f]))}) as c_label,
           count(*) filter (where ${and(FACETS.filter((f) => f !== 'project').map((f) => conds[f]))}) as c_project,
           count(*) filter (where ${and(FACETS.filter((f) => f !== 'assignee').map((f) => conds[f]))}) as c_assignee,
           count(*) filter (where ${and(FACETS.map((f) => conds[f]))}) as c_all
      from tasks t
      join project_members m on m.project_id = t.project_id and m.user_id = ${userId}::uuid
     where ${search ?? sql`true`}
     group by grouping sets ((t.status), (t.priority), (t.label), (t.project_id), (t.assignee_id), ())`.execute(db);

  let total = 0;
  const raw: Record<FacetKey, { value: string; count: number }[]> = { status: [], priority: [], label: [], project: [], assignee: [] };
  for (const r of counts.rows) {
    const g = [r.gs, r.gp, r.gl, r.gj, r.ga].map(Number);
    if (g.every((x) => x === 1)) total = Number(r.c_all);
    else if (g[0] === 0) raw.status.push({ value: r.status!, count: Number(r.c_status) });
    else if (g[1] === 0) raw.priority.push({ value: r.priority!, count: Number(r.c_priority) });
    else if (g[2] === 0) raw.label.push({ value: r.label ?? '', count: Number(r.c_label) });
    else if (g[3] === 0) raw.project.push({ value: r.project_id!, count: Number(r.c_project) });
    else if (g[4] === 0) raw.assignee.push({ value: r.assignee_id ?? UNASSIGNED, count: Number(r.c_assignee) });
  }
  const nonZero = (xs: { value: string; count: number }[]) => xs.filter((x) => x.count > 0);

  // Names of the projects and people the facets mention.
  const projectIds = raw.project.map((p) => p.value);
  const userIds = raw.assignee.map((a) => a.value).filter((v) => v !== UNASSIGNED);
  const projectNames = new Map<string, string>();
  const userNames = new Map<string, string>();
  if (projectIds.length || userIds.length) {
    // Both kinds of name in one round trip.
    const ids = (xs: string[]) => (xs.length ? sql.join(xs.map((id) => sql`${id}::uuid`)) : sql`null`);
    const names = await sql<{ kind: 'p' | 'u'; id: string; name: string; email: string | null }>`
      select 'p' as kind, id::text as id, name, null as email from projects where id in (${ids(projectIds)})
      union all
      select 'u' as kind, id::text as id, name, email from users where id in (${ids(userIds)})`.execute(db);
    for (const n of names.rows) {
      if (n.kind === 'p') projectNames.set(n.id, n.name);
      else userNames.set(n.id, displayName(n.name, n.email));
    }
  }
  const byCount = (a: TaskFacetCount, b: TaskFacetCount) => b.count - a.count || a.label.localeCompare(b.label);
  const ordered = <T extends string>(xs: { value: string; count: number }[], values: readonly T[], labels: Record<T, string>) =>
    values.flatMap((v) => {
      const f = xs.find((x) => x.value === v);
      return f && f.count > 0 ? [{ value: v, label: labels[v], count: f.count }] : [];
    });

  return {
    items: pageRows.map(taskJson),
    total,
    page: q.page,
    pageSize: q.pageSize,
    facets: {
      status: ordered(raw.status, ['backlog', 'todo', 'in_progress', 'done', 'canceled'] as const, TASK_STATUS_LABELS),
      priority: ordered(raw.priority, ['low', 'medium', 'high', 'critical'] as const, TASK_PRIORITY_LABELS),
      label: nonZero(raw.label)
        .filter((l) => l.value !== '')
        .map((l) => ({ ...l, label: l.value }))
        .sort(byCount),
      project: nonZero(raw.project)
        .map((p) => ({ ...p, label: projectNames.get(p.value) ?? 'Project' }))
        .sort(byCount),
      assignee: nonZero(raw.assignee)
        .map((a) => ({ ...a, label: a.value === UNASSIGNED ? 'No assignee' : (userNames.get(a.value) ?? 'Someone') }))
        .sort(byCount),
    },
  };
}

/** Task progress per project for the project cards: done of the tasks that are not canceled. */
export async function taskProgress(db: Db, projectIds: string[]) {
  const out = new Map<string, { done: number; total: number }>();
  if (!projectIds.length) return out;
  const rows = await db
    .selectFrom('tasks')
    .select((eb) => [
      'project_id',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(eb.case().when('status', '=', 'done').then(1).end()).as('done'),
    ])
    .where('project_id', 'in', projectIds)
    .where('status', '!=', 'canceled')
    .groupBy('project_id')
    .execute();
  for (const r of rows) out.set(r.project_id, { done: Number(r.done), total: Number(r.total) });
  return out;
}

/** The projects `userId` is a member of (by name), each with its members (for the task form and filters). */
export async function projectsForTasks(db: Db, userId: string) {
  const projects = await db
    .selectFrom('projects as p')
    .innerJoin('project_members as m', (j) => j.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId))
    .select(['p.id', 'p.name', 'm.role'])
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(1000)
    .execute();
  if (!projects.length) return [];
  const members = await db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.project_id', 'u.id', 'u.name', 'u.email'])
    .where(
      'm.project_id',
      'in',
      projects.map((p) => p.id),
    )
    .execute();
  const byProject = new Map<string, { id: string; name: string }[]>();
  for (const m of members) {
    const list = byProject.get(m.project_id) ?? [];
    list.push({ id: m.id, name: displayName(m.name, m.email) });
    byProject.set(m.project_id, list);
  }
  return projects.map((p) => ({
    id: p.id,
    name: p.name,
    role: p.role,
    members: (byProject.get(p.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
  }));
}
