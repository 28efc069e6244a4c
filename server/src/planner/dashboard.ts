import { sql } from 'kysely';
import type { ActivityItem } from '@waymark/contracts';
import type { AppContext, DashboardContribution, DashboardPeriod, RequestUser } from '../context.ts';

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The planner's part of the dashboard: this month's routes (count, distance, climb), the total, recently changed routes. */
export async function routesDashboard(ctx: AppContext, user: RequestUser, period: DashboardPeriod): Promise<DashboardContribution> {
  const db = ctx.db;
  const month = await sql<{ count: unknown; distance: unknown; ascent: unknown }>`
    select count(*) as count,
           coalesce(sum(case when jsonb_typeof(stats->'distanceM') = 'number' then (stats->>'distanceM')::float8 else 0 end), 0) as distance,
           coalesce(sum(case when jsonb_typeof(stats->'ascentM') = 'number' then (stats->>'ascentM')::float8 else 0 end), 0) as ascent
      from routes
     where owner_id = ${user.id}::uuid and created_at >= ${period.from} and created_at < ${period.to}`.execute(db);
  const m = month.rows[0];
  const total = await sql<{ count: unknown }>`select count(*) as count from routes where owner_id = ${user.id}::uuid`.execute(db);
  const recent = await sql<{ id: string; name: string; created_at: Date; updated_at: Date; distance: unknown }>`
    select id::text as id, name, created_at, updated_at, stats->>'distanceM' as distance
      from routes where owner_id = ${user.id}::uuid order by updated_at desc limit 8`.execute(db);
  const recentActivity: ActivityItem[] = recent.rows.map((r) => {
    const km = num(r.distance) / 1000;
    return {
      kind: 'route',
      id: r.id,
      title: r.name,
      action: new Date(r.updated_at).getTime() - new Date(r.created_at).getTime() > 1000 ? 'updated' : 'created',
      at: new Date(r.updated_at).toISOString(),
      href: `/run?route=${encodeURIComponent(r.id)}`,
      detail: km > 0 ? `${km.toFixed(1)} km` : null,
    };
  });
  return {
    routesThisMonth: { count: num(m?.count), distanceM: Math.round(num(m?.distance)), ascentM: Math.round(num(m?.ascent)) },
    routesTotal: num(total.rows[0]?.count),
    recentActivity,
  };
}
