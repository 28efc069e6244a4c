import type { DashboardSummary } from '@waymark/contracts';
import type { AppContext, DashboardContribution, DashboardPeriod, RequestUser } from '../context.ts';

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

/** At most this many recent activity items, newest first. */
export const RECENT_ACTIVITY_MAX = 10;

/**
 * Merge the modules' contributions into the summary. A part nobody contributed stays at zero and
 * its `available` flag false (the feature is not on this server).
 */
export function mergeContributions(period: DashboardPeriod, parts: DashboardContribution[]): DashboardSummary {
  const out: DashboardSummary = {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), timeZone: period.timeZone },
    routesThisMonth: { count: 0, distanceM: 0, ascentM: 0 },
    routesTotal: 0,
    projects: { total: 0, byStatus: [] },
    tasks: { total: 0, open: 0, overdue: 0, assignedToMe: 0, byStatus: [] },
    recentActivity: [],
    available: { routes: false, projects: false, tasks: false },
  };
  for (const p of parts) {
    if (p.routesThisMonth) out.routesThisMonth = p.routesThisMonth;
    if (p.routesTotal !== undefined) out.routesTotal = p.routesTotal;
    if (p.routesThisMonth || p.routesTotal !== undefined) out.available.routes = true;
    if (p.projects) {
      out.projects = p.projects;
      out.available.projects = true;
    }
    if (p.tasks) {
      out.tasks = p.tasks;
      out.available.tasks = true;
    }
    if (p.recentActivity) out.recentActivity.push(...p.recentActivity);
  }
  out.recentActivity.sort((a, b) => b.at.localeCompare(a.at));
  out.recentActivity = out.recentActivity.slice(0, RECENT_ACTIVITY_MAX);
  return out;
}

/**
 * The signed-in user's dashboard figures: each module with a `dashboard` hook answers for its
 * feature. A module whose part fails is logged and left out (the rest of the dashboard still
 * shows), never a 500.
 */
export async function dashboardSummary(ctx: AppContext, user: RequestUser, now: Date, timeZone: string): Promise<DashboardSummary> {
  const period: DashboardPeriod = { ...monthRange(now, timeZone), timeZone };
  const parts = await Promise.all(
    ctx.modules
      .filter((m) => m.dashboard)
      .map((m) =>
        m.dashboard!(ctx, user, period).catch((err: Error) => {
          ctx.logger.error(
            { module: m.name, userId: user.id, err: { message: err.message } },
            'dashboard: a module could not give its figures',
          );
          return {} satisfies DashboardContribution;
        }),
      ),
  );
  return mergeContributions(period, parts);
}
