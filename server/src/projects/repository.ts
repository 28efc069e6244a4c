import { sql, type Kysely, type Selectable } from 'kysely';
import type { ListProjectsQuery, ProjectLocation, ProjectRole, ProjectStatus, ProjectSummary } from '@waymark/contracts';
import { PROJECT_COLORS, type listProjectsQuery } from '@waymark/contracts';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { displayName } from './activity.ts';
import type { ProjectsTable } from './db.ts';

type ProjectRow = Selectable<ProjectsTable>;
type Db = Kysely<Database>;

/** Location columns of a project from the wire shape (all null when there is none). */
export function locationColumns(loc: ProjectLocation | null) {
  if (!loc) {
    return {
      center_lon: null,
      center_lat: null,
      zoom: null,
      bbox_west: null,
      bbox_south: null,
      bbox_east: null,
      bbox_north: null,
      place_name: '',
    };
  }
  const [w, s, e, n] = loc.bbox ?? [null, null, null, null];
  return {
    center_lon: loc.center.lon,
    center_lat: loc.center.lat,
    zoom: loc.zoom,
    bbox_west: w,
    bbox_south: s,
    bbox_east: e,
    bbox_north: n,
    place_name: loc.placeName,
  };
}

function locationOf(r: ProjectRow): ProjectSummary['location'] {
  if (r.center_lon === null || r.center_lat === null || r.zoom === null) return null;
  const bbox: [number, number, number, number] | null =
    r.bbox_west !== null && r.bbox_south !== null && r.bbox_east !== null && r.bbox_north !== null
      ? [Number(r.bbox_west), Number(r.bbox_south), Number(r.bbox_east), Number(r.bbox_north)]
      : null;
  return { center: { lon: Number(r.center_lon), lat: Number(r.center_lat) }, zoom: Number(r.zoom), bbox, placeName: r.place_name };
}

const colorOf = (c: string) => ((PROJECT_COLORS as readonly string[]).includes(c) ? (c as (typeof PROJECT_COLORS)[number]) : 'blue');

/** Task progress per project. The tasks module fills this in; without tasks every project is 0/0. */
export type TaskProgress = (db: Db, projectIds: string[]) => Promise<Map<string, { done: number; total: number }>>;
let taskProgress: TaskProgress = async () => new Map();
/** Lets the tasks module report real task counts on project cards and pages. */
export function setTaskProgress(fn: TaskProgress) {
  taskProgress = fn;
}

/** The wire shape of several projects for one viewer (their role in each given by `roles`). */
export async function projectsJson(db: Db, rows: ProjectRow[], roles: Map<string, ProjectRole>): Promise<ProjectSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const members = await sql<{
    project_id: string;
    user_id: string;
    role: ProjectRole;
    name: string;
    email: string | null;
    n: number;
    total: string;
  }>`
    select m.project_id, m.user_id, m.role, u.name, u.email,
           row_number() over (partition by m.project_id order by case m.role when 'owner' then 0 when 'editor' then 1 else 2 end, m.created_at, m.user_id) as n,
           count(*) over (partition by m.project_id) as total
      from project_members m join users u on u.id = m.user_id
     where m.project_id in (${sql.join(ids)})`.execute(db);
  const previews = new Map<string, { id: string; name: string; role: ProjectRole }[]>();
  const counts = new Map<string, number>();
  for (const m of members.rows) {
    counts.set(m.project_id, Number(m.total));
    if (Number(m.n) > 5) continue;
    const list = previews.get(m.project_id) ?? [];
    list.push({ id: m.user_id, name: displayName(m.name, m.email), role: m.role });
    previews.set(m.project_id, list);
  }
  const docs = await db
    .selectFrom('project_documents')
    .select(['project_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', 'in', ids)
    .groupBy('project_id')
    .execute();
  const docCounts = new Map(docs.map((d) => [d.project_id, Number(d.n)]));
  const people = [...new Set(rows.flatMap((r) => [r.created_by, r.updated_by]).filter((x): x is string => Boolean(x)))];
  const names = new Map<string, string>();
  if (people.length) {
    const us = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', people).execute();
    for (const u of us) names.set(u.id, displayName(u.name, u.email));
  }
  const progress = await taskProgress(db, ids);
  const ref = (id: string | null) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    location: locationOf(r),
    cover: { color: colorOf(r.cover_color), emoji: r.cover_emoji },
    role: roles.get(r.id) ?? 'viewer',
    memberCount: counts.get(r.id) ?? 0,
    members: previews.get(r.id) ?? [],
    documentCount: docCounts.get(r.id) ?? 0,
    tasks: progress.get(r.id) ?? { done: 0, total: 0 },
    createdBy: ref(r.created_by),
    updatedBy: ref(r.updated_by),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    archivedAt: r.archived_at ? new Date(r.archived_at).toISOString() : null,
  }));
}

export async function projectJson(db: Db, row: ProjectRow, role: ProjectRole): Promise<ProjectSummary> {
  return (await projectsJson(db, [row], new Map([[row.id, role]])))[0]!;
}

const STATUS_ORDER = sql`case p.status when 'active' then 0 when 'draft' then 1 when 'on_hold' then 2 when 'completed' then 3 else 4 end`;

function escapeLike(s: string) {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** One page of the projects a user is a member of, with filters, sort and per-status counts. */
export async function listProjects(db: Db, userId: string, q: z.output<typeof listProjectsQuery>) {
  const base = () => {
    let b = db
      .selectFrom('projects as p')
      .innerJoin('project_members as m', (j) => j.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId));
    if (q.role && q.role.length) b = b.where('m.role', 'in', q.role as ProjectRole[]);
    if (q.q) {
      const like = escapeLike(q.q);
      b = b.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.description', 'ilike', like), eb('p.place_name', 'ilike', like)]));
    }
    return b;
  };
  const statusRows = await base()
    .select(['p.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('p.status')
    .execute();
  const statusCounts: Record<string, number> = {};
  for (const r of statusRows) statusCounts[r.status] = Number(r.n);

  let filtered = base();
  filtered =
    q.status && q.status.length
      ? filtered.where('p.status', 'in', q.status as ProjectStatus[])
      : filtered.where('p.status', '!=', 'archived');
  // The status filter is the only one the per-status counts leave out: the total is their sum
  // over the statuses shown (every one but archived when none is chosen) — no second count query.
  const shown = (st: string) => (q.status && q.status.length ? (q.status as string[]).includes(st) : st !== 'archived');
  const total = Object.entries(statusCounts).reduce((sum, [st, n]) => (shown(st) ? sum + n : sum), 0);
  const order = q.order ?? (q.sort === 'name' || q.sort === 'status' ? 'asc' : 'desc');
  let rows = filtered.selectAll('p').select('m.role as my_role');
  if (q.sort === 'name') rows = rows.orderBy(sql`lower(p.name)`, order);
  else if (q.sort === 'status') rows = rows.orderBy(STATUS_ORDER, order).orderBy('p.updated_at', 'desc');
  else rows = rows.orderBy(q.sort === 'created' ? 'p.created_at' : 'p.updated_at', order);
  const page = await rows
    .orderBy('p.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const roles = new Map(page.map((r) => [r.id, r.my_role]));
  const items = await projectsJson(
    db,
    page.map(({ my_role: _role, ...r }) => r as ProjectRow),
    roles,
  );
  return { items, total, page: q.page, pageSize: q.pageSize, statusCounts };
}

export type ListQuery = ListProjectsQuery;
