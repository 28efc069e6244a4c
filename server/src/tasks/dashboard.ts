import { sql } from 'kysely';
import type { AppContext, DashboardContribution, DashboardPeriod, RequestUser } from '../context.ts';

/**
 * The tasks part of the dashboard: the tasks of every project the user is a member of, by status,
 * how many are still open, open and past their due date (in the user's time zone), and open and
 * assigned to the user.
 */
export async function tasksDashboard(ctx: AppContext, user: RequestUser, period: DashboardPeriod): Promise<DashboardContribution> {
  const rows = await sql<{ status: string; count: string; overdue: string; mine: string }>`
    select t.status, count(*) as count,
           count(*) filter (where t.due_date < (now() at time zone ${period.timeZone})::date) as overdue,
           count(*) filter (where t.assignee_id = ${user.id}::uuid) as mine
      from tasks t join project_members m on m.project_id = t.project_id and m.user_id = ${user.id}::uuid
     group by t.status`.execute(ctx.db);
  const ORDER = ['backlog', 'todo', 'in_progress', 'done', 'canceled'];
  const byStatus = rows.rows
    .map((r) => ({ status: r.status, count: Number(r.count) }))
    .sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
  const open = rows.rows.filter((r) => r.status !== 'done' && r.status !== 'canceled');
  return {
    tasks: {
      total: byStatus.reduce((s, r) => s + r.count, 0),
      open: open.reduce((s, r) => s + Number(r.count), 0),
      overdue: open.reduce((s, r) => s + Number(r.overdue), 0),
      assignedToMe: open.reduce((s, r) => s + Number(r.mine), 0),
      byStatus,
    },
  };
}
