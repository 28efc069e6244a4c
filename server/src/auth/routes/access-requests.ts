import type { Hono } from 'hono';
import { sql } from 'kysely';
import { accessRequestBody, listAccessRequestsQuery } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { accessRejected, accessRequestedNotice } from '../emails/invite.ts';
import { requireAdmin } from '../guard.ts';
import type { AuthContext, AuthService } from '../service.ts';
import { body, param, query } from '../validation.ts';
import { inviteUser } from './admin.ts';

/** Request access (anyone) → admins approve (invitation) or reject. */
export function registerAccessRequestRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const db = auth.ctx.db;

  app.post('/api/access-requests', async (c) => {
    await auth.limitIp(c, 'access-request');
    const b = await body(c, accessRequestBody);
    const pending = await db
      .selectFrom('access_requests')
      .select('id')
      .where('email', '=', b.email)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!pending && !(await auth.findUserByEmail(b.email))) {
      await db
        .insertInto('access_requests')
        .values({ name: b.name, email: b.email, reason: b.reason ?? '' })
        .execute();
      auth.ctx.logger.info({ email: b.email }, 'access request received');
      const notice = accessRequestedNotice({ name: b.name, email: b.email, adminUrl: auth.link('/admin/access-requests') });
      for (const adminId of await auth.repo.adminIds()) await auth.mailer.notify(adminId, 'admin_access_request', notice);
    }
    // Same answer whether or not an account or a pending request already exists.
    return c.json({ received: true, message: 'Thanks. An administrator will review your request and contact you.' }, 202);
  });

  app.get('/api/admin/access-requests', async (c) => {
    requireAdmin(c);
    const r = query(c, listAccessRequestsQuery);
    let base = db.selectFrom('access_requests');
    if (r.status !== 'all') base = base.where('status', '=', r.status);
    const total = await base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(r.perPage)
      .offset((r.page - 1) * r.perPage)
      .execute();
    return c.json({
      requests: rows.map((x) => ({
        id: x.id,
        name: x.name,
        email: x.email,
        reason: x.reason,
        status: x.status,
        createdAt: new Date(x.created_at).toISOString(),
        decidedAt: x.decided_at ? new Date(x.decided_at).toISOString() : null,
      })),
      total: Number(total.n),
      page: r.page,
      perPage: r.perPage,
    });
  });

  const decide = (decision: 'approved' | 'rejected') => async (c: AuthContext) => {
    const admin = requireAdmin(c);
    const id = param(c, 'id');
    const reqRow = await db
      .updateTable('access_requests')
      .set({ status: decision, decided_by: admin.id, decided_at: sql`now()` as unknown as Date })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!reqRow) {
      const exists = await db.selectFrom('access_requests').select('status').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new HttpError(404, 'not_found', 'No such access request');
      throw new HttpError(409, 'already_decided', `This request was already ${exists.status}.`);
    }
    if (decision === 'approved') {
      const existing = await auth.findUserByEmail(reqRow.email);
      if (existing) return c.json({ id, status: decision, email: reqRow.email });
      const r = await inviteUser(auth, reqRow.email, reqRow.name, 'user', admin.name || admin.email || 'An administrator');
      return c.json({ id, status: decision, email: reqRow.email, delivery: r.delivery, ...(r.link ? { link: r.link } : {}) });
    }
    await auth.mailer.send({ channel: 'email', to: reqRow.email, kind: 'access_rejected', ...accessRejected({ name: reqRow.name }) });
    return c.json({ id, status: decision, email: reqRow.email });
  };
  app.post('/api/admin/access-requests/:id/approve', decide('approved'));
  app.post('/api/admin/access-requests/:id/reject', decide('rejected'));
}
