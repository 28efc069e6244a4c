import { z } from 'zod';
import { timestamp } from './common.ts';

/** GET /api/dashboard/summary: the signed-in user's figures for the dashboard home. */

/** True for an IANA time zone this runtime knows (e.g. Europe/Paris). */
export function isTimeZone(tz: string): boolean {
  if (tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const dashboardSummaryQuery = z.object({
  tz: z.string().max(64).refine(isTimeZone, { message: 'tz must be an IANA time zone such as Europe/Paris' }).optional(),
});
export type DashboardSummaryQuery = z.input<typeof dashboardSummaryQuery>;

export const activityItem = z.object({
  kind: z.enum(['route', 'project']),
  id: z.string(),
  title: z.string(),
  action: z.enum(['created', 'updated']),
  at: timestamp,
  /** where the item opens in the app */
  href: z.string(),
  /** a short detail such as "10.4 km" or a status */
  detail: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const monthlyRoutes = z.object({ count: z.number(), distanceM: z.number(), ascentM: z.number() });
export const projectCounts = z.object({ total: z.number(), byStatus: z.array(z.object({ status: z.string(), count: z.number() })) });
/** Tasks of the user's projects: all, still open (not done nor canceled), open and past due, open and assigned to the user. */
export const taskCounts = z.object({
  total: z.number(),
  open: z.number(),
  overdue: z.number(),
  assignedToMe: z.number(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
});

export const dashboardSummary = z.object({
  /** this calendar month in the requested time zone: [from, to) */
  period: z.object({ from: timestamp, to: timestamp, timeZone: z.string() }),
  routesThisMonth: monthlyRoutes,
  routesTotal: z.number(),
  projects: projectCounts,
  tasks: taskCounts,
  /** newest first, at most 10 */
  recentActivity: z.array(activityItem),
  /** which features the figures come from exist on this server */
  available: z.object({ routes: z.boolean(), projects: z.boolean(), tasks: z.boolean() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
