import { z } from 'zod';
import type { ServerModule } from '../context.ts';
import { HttpError, describeZodError, errorBody } from '../http/errors.ts';
import { dashboardSummary, isTimeZone } from './summary.ts';

const querySchema = z.object({
  tz: z.string().max(64).refine(isTimeZone, { message: 'tz must be an IANA time zone such as Europe/Paris' }).optional(),
});

/** GET /api/dashboard/summary — the signed-in user's figures for the dashboard home. */
export const dashboardModule: ServerModule = {
  name: 'dashboard',
  register(app, ctx) {
    app.get('/api/dashboard/summary', async (c) => {
      const user = c.get('user');
      if (!user) return c.json(errorBody('unauthorized', 'Sign in required'), 401);
      const parsed = querySchema.safeParse({ tz: c.req.query('tz') });
      if (!parsed.success) throw new HttpError(400, 'validation_error', describeZodError(parsed.error));
      const summary = await dashboardSummary(ctx.db, user.id, new Date(), parsed.data.tz ?? 'UTC');
      return c.json(summary, 200, { 'Cache-Control': 'private, no-store' });
    });
  },
};
