import { dashboardSummaryQuery, type DashboardSummary } from '@waymark/contracts';
import type { ServerModule } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';
import { dashboardSummary } from './summary.ts';

/** GET /api/dashboard/summary — the signed-in user's figures for the dashboard home, from every module's `dashboard` hook. */
export const dashboardModule: ServerModule = {
  name: 'dashboard',
  register(app, ctx) {
    app.get('/api/dashboard/summary', async (c) => {
      const user = requireUser(c);
      const q = validate(c, 'query', dashboardSummaryQuery);
      const summary: DashboardSummary = await dashboardSummary(ctx, user, new Date(), q.tz ?? 'UTC');
      return c.json(summary, 200, { 'Cache-Control': 'private, no-store' });
    });
  },
};
