import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface DashboardSummary {
  period: { from: string; to: string; timeZone: string };
  routesThisMonth: { count: number; distanceM: number; ascentM: number };
  routesTotal: number;
  projects: { total: number; byStatus: { status: string; count: number }[] };
  recentActivity: {
    kind: 'route' | 'project';
    id: string;
    title: string;
    action: 'created' | 'updated';
    at: string;
    href: string;
    detail: string | null;
  }[];
  /** Which of the features the figures come from exist on this server yet. */
  available: { routes: boolean; projects: boolean };
}

/** Wall-clock parts of an instant in a time zone. */
function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
}

/** The instant at which a wall-clock time in `timeZone` happens (good to the minute across DST). */
function zonedToUtc(y: number, m: number, d: number, timeZone: string): Date {
  let guess = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
    const diff = asUtc - Date.UTC(y, m - 1, d);
    if (diff === 0) break;
    guess -= diff;
  }
  return new Date(guess);
}

/** [start of this month, start of next month) in the given time zone. */
export function monthRange(now: Date, timeZone: string): { from: Date; to: Date } {
  const p = zonedParts(now, timeZone);
  const from = zonedToUtc(p.y, p.m, 1, timeZone);
  const to = p.m === 12 ? zonedToUtc(p.y + 1, 1, 1, timeZone) : zonedToUtc(p.y, p.m + 1, 1, timeZone);
  return { from, to };
}

export function isTimeZone(tz: string): boolean {
  if (tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const r = await sql<{ t: string | null }>`select to_regclass(${`public.${name}`})::text as t`.execute(db);
  return r.rows[0]?.t != null;
}

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/**
 * The signed-in user's dashboard figures. Each feature's table may not exist yet on this server
 * (features ship independently): a missing table gives zeros and empty lists, never an error.
 */
export async function dashboardSummary(db: Db, userId: string, now: Date, timeZone: string): Promise<DashboardSummary> {
  const { from, to } = monthRange(now, timeZone);
  const out: DashboardSummary = {
    period: { from: from.toISOString(), to: to.toISOString(), timeZone },
    routesThisMonth: { count: 0, distanceM: 0, ascentM: 0 },
    routesTotal: 0,
    projects: { total: 0, byStatus: [] },
    recentActivity: [],
    available: { routes: false, projects: false },
  };

  if (await tableExists(db, 'routes')) {
    out.available.routes = true;
    const month = await sql<{ count: unknown; distance: unknown; ascent: unknown }>`
      select count(*) as count,
             coalesce(sum(case when jsonb_typeof(stats->'distanceM') = 'number' then (stats->>'distanceM')::float8 else 0 end), 0) as distance,
             coalesce(sum(case when jsonb_typeof(stats->'ascentM') = 'number' then (stats->>'ascentM')::float8 else 0 end), 0) as ascent
        from routes
       where owner_id = ${userId}::uuid and created_at >= ${from} and created_at < ${to}`.execute(db);
    const m = month.rows[0];
    out.routesThisMonth = { count: num(m?.count), distanceM: Math.round(num(m?.distance)), ascentM: Math.round(num(m?.ascent)) };
    const total = await sql<{ count: unknown }>`select count(*) as count from routes where owner_id = ${userId}::uuid`.execute(db);
    out.routesTotal = num(total.rows[0]?.count);
    const recent = await sql<{ id: string; name: string; created_at: Date; updated_at: Date; distance: unknown }>`
      select id::text as id, name, created_at, updated_at, stats->>'distanceM' as distance
        from routes where owner_id = ${userId}::uuid order by updated_at desc limit 8`.execute(db);
    for (const r of recent.rows) {
      const updated = new Date(r.updated_at).getTime() - new Date(r.created_at).getTime() > 1000;
      const km = num(r.distance) / 1000;
      out.recentActivity.push({
        kind: 'route',
        id: r.id,
        title: r.name,
        action: updated ? 'updated' : 'created',
        at: iso(r.updated_at),
        href: `/run?route=${encodeURIComponent(r.id)}`,
        detail: km > 0 ? `${km.toFixed(1)} km` : null,
      });
    }
  }

  if ((await tableExists(db, 'projects')) && (await tableExists(db, 'project_members'))) {
    // Projects the user is a member of (any role), as the projects module lists them.
    out.available.projects = true;
    const byStatus = await sql<{ status: string; count: unknown }>`
      select p.status, count(*) as count
        from projects p join project_members m on m.project_id = p.id and m.user_id = ${userId}::uuid
       group by 1 order by 2 desc, 1`.execute(db);
    out.projects.byStatus = byStatus.rows.map((r) => ({ status: r.status, count: num(r.count) }));
    out.projects.total = out.projects.byStatus.reduce((s, r) => s + r.count, 0);
    const recent = await sql<{ id: string; title: string; at: Date; created: Date; status: string }>`
      select p.id::text as id, p.name as title, p.updated_at as at, p.created_at as created, p.status
        from projects p join project_members m on m.project_id = p.id and m.user_id = ${userId}::uuid
       order by p.updated_at desc limit 8`.execute(db);
    for (const p of recent.rows) {
      const updated = new Date(p.at).getTime() - new Date(p.created).getTime() > 1000;
      out.recentActivity.push({
        kind: 'project',
        id: p.id,
        title: p.title,
        action: updated ? 'updated' : 'created',
        at: iso(p.at),
        href: `/dashboard/projects/view?id=${encodeURIComponent(p.id)}`,
        detail: p.status,
      });
    }
  }

  out.recentActivity.sort((a, b) => b.at.localeCompare(a.at));
  out.recentActivity = out.recentActivity.slice(0, 10);
  return out;
}
