import { sql } from 'kysely';
import type { ActivityItem } from '@waymark/contracts';
import type { AppContext, DashboardContribution, RequestUser } from '../context.ts';

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The projects part of the dashboard: the user's projects (any role) by status, and the recently changed ones. */
export async function projectsDashboard(ctx: AppContext, user: RequestUser): Promise<DashboardContribution> {
  const byStatus = await sql<{ status: string; count: unknown }>`
    select p.status, count(*) as count
      from projects p join project_members m on m.project_id = p.id and m.user_id = ${user.id}::uuid
     group by 1 order by 2 desc, 1`.execute(ctx.db);
  const recent = await sql<{ id: string; title: string; at: Date; created: Date; status: string }>`
    select p.id::text as id, p.name as title, p.updated_at as at, p.created_at as created, p.status
      from projects p join project_members m on m.project_id = p.id and m.user_id = ${user.id}::uuid
     order by p.updated_at desc limit 8`.execute(ctx.db);
  const rows = byStatus.rows.map((r) => ({ status: r.status, count: num(r.count) }));
  const recentActivity: ActivityItem[] = recent.rows.map((p) => ({
    kind: 'project',
    id: p.id,
    title: p.title,
    action: new Date(p.at).getTime() - new Date(p.created).getTime() > 1000 ? 'updated' : 'created',
    at: new Date(p.at).toISOString(),
    href: `/dashboard/projects/view?id=${encodeURIComponent(p.id)}`,
    detail: p.status,
  }));
  return { projects: { total: rows.reduce((s, r) => s + r.count, 0), byStatus: rows }, recentActivity };
}
