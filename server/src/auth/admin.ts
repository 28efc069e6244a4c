import type { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { HttpError, invalidInput, validationError } from '../http/errors.ts';
import { hashPassword } from './crypto.ts';
import { requireAdmin } from './guard.ts';
import type { AuthContext, AuthService, UserRow } from './service.ts';
import { assertStrongPassword, body, emailSchema, nameSchema, param, passwordInput, phoneSchema } from './validation.ts';

const role = z.enum(['user', 'admin']);

const listQuery = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  page: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100000).default(1),
  perPage: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
  role: role.optional(),
});

export async function sendInvite(auth: AuthService, user: UserRow, invitedBy: string) {
  const token = await auth.issueLinkToken('invite', user.email!, user.id);
  await auth.mailer.send({
    channel: 'email',
    to: user.email!,
    userId: user.id,
    kind: 'invite',
    subject: 'You are invited to Waymark',
    body: `${invitedBy} invited you to Waymark. Open the link below within 7 days to choose your password and sign in.`,
    links: [{ label: 'Accept the invitation', url: auth.link(`/reset-password?type=invite&token=${token}`) }],
  });
}

/** Create an invited user (no password yet) and email them a link; 409 when the email exists. */
export async function inviteUser(auth: AuthService, email: string, name: string, userRole: 'user' | 'admin', invitedBy: string) {
  if (await auth.findUserByEmail(email)) throw new HttpError(409, 'user_already_exists', 'A user with this email address already exists.');
  const user = await auth.db.insertInto('users').values({ email, name, role: userRole, updated_at: new Date() }).returningAll().executeTakeFirstOrThrow();
  await sendInvite(auth, user, invitedBy);
  return user;
}

export function registerAdminRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const db = auth.ctx.db;

  app.get('/api/admin/users', async (c) => {
    requireAdmin(c);
    const r = listQuery.safeParse(c.req.query());
    if (!r.success) throw validationError('query', r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const { q, page, perPage } = r.data;
    let base = db.selectFrom('users');
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      base = base.where((eb) => eb.or([eb('email', 'ilike', like), eb('name', 'ilike', like), eb('phone', 'ilike', like)]));
    }
    if (r.data.role) base = base.where('role', '=', r.data.role);
    const total = await base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return c.json({ users: await Promise.all(rows.map((u) => auth.publicUser(u))), total: Number(total.n), page, perPage });
  });

  app.post('/api/admin/users', async (c) => {
    requireAdmin(c);
    const b = await body(
      c,
      z.object({
        email: emailSchema.optional(),
        phone: phoneSchema.optional(),
        password: passwordInput.optional(),
        name: nameSchema.optional(),
        role: role.optional(),
        emailConfirmed: z.boolean().optional(),
      }),
    );
    if ((!b.email && !b.phone) || !b.password) throw invalidInput('You must provide either an email or phone number and a password');
    assertStrongPassword(b.password, [b.email, b.name]);
    if (b.email && (await auth.findUserByEmail(b.email))) throw new HttpError(409, 'user_already_exists', 'A user with this email address already exists.');
    if (b.phone && (await auth.findUserByPhone(b.phone))) throw new HttpError(409, 'user_already_exists', 'A user with this phone number already exists.');
    const now = new Date();
    const user = await db
      .insertInto('users')
      .values({
        email: b.email ?? null,
        phone: b.phone ?? null,
        name: b.name ?? '',
        role: b.role ?? 'user',
        password_hash: await hashPassword(b.password),
        email_verified_at: b.email && b.emailConfirmed !== false ? now : null,
        phone_verified_at: b.phone ? now : null,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ user: await auth.publicUser(user) }, 201);
  });

  app.post('/api/admin/invite', async (c) => {
    const admin = requireAdmin(c);
    const b = await body(c, z.object({ email: emailSchema, name: nameSchema.optional(), role: role.optional() }));
    const user = await inviteUser(auth, b.email, b.name ?? '', b.role ?? 'user', admin.name || admin.email || 'An administrator');
    return c.json({ user: await auth.publicUser(user), invited: true }, 201);
  });

  app.post('/api/admin/generate-link', async (c) => {
    requireAdmin(c);
    const b = await body(c, z.object({ type: z.enum(['magiclink', 'recovery', 'invite', 'signup']), email: emailSchema }));
    const user = await auth.findUserByEmail(b.email);
    if (!user) throw new HttpError(404, 'user_not_found', 'No user with this email address');
    const token = await auth.issueLinkToken(b.type, b.email, user.id);
    const path =
      b.type === 'recovery'
        ? `/reset-password?token=${token}`
        : b.type === 'invite'
          ? `/reset-password?type=invite&token=${token}`
          : `/callback?type=${b.type}&token=${token}`;
    return c.json({ type: b.type, link: auth.link(path), expiresInSeconds: 3600 });
  });

  app.get('/api/admin/users/:id', async (c) => {
    requireAdmin(c);
    const user = await auth.findUser(param(c, 'id'));
    if (!user) throw new HttpError(404, 'user_not_found', 'No such user');
    const sessions = await db.selectFrom('sessions').select(db.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return c.json({ user: { ...(await auth.publicUser(user)), banReason: user.ban_reason, activeSessions: Number(sessions.n) } });
  });

  app.put('/api/admin/users/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = param(c, 'id');
    const b = await body(
      c,
      z.object({
        name: nameSchema.optional(),
        role: role.optional(),
        banned: z.boolean().optional(),
        banReason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
        emailConfirmed: z.boolean().optional(),
      }),
    );
    const user = await auth.findUser(id);
    if (!user) throw new HttpError(404, 'user_not_found', 'No such user');
    if (id === admin.id && (b.role === 'user' || b.banned === true)) {
      throw new HttpError(422, 'cannot_demote_self', 'You cannot remove your own administrator role or ban yourself.');
    }
    const now = new Date();
    const updated = await db
      .updateTable('users')
      .set({
        updated_at: now,
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.role ? { role: b.role } : {}),
        ...(b.banned !== undefined ? { banned: b.banned, ban_reason: b.banned ? (b.banReason ?? null) : null } : {}),
        ...(b.emailConfirmed !== undefined ? { email_verified_at: b.emailConfirmed ? (user.email_verified_at ?? now) : null } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (b.banned) await auth.endSessions(id, 'global');
    return c.json({ user: await auth.publicUser(updated) });
  });

  app.delete('/api/admin/users/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = param(c, 'id');
    if (id === admin.id) throw new HttpError(422, 'cannot_delete_self', 'You cannot delete your own account here.');
    const r = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'user_not_found', 'No such user');
    return c.json({ deleted: true, id });
  });

  app.get('/api/admin/users/:id/factors', async (c) => {
    requireAdmin(c);
    const user = await auth.findUser(param(c, 'id'));
    if (!user) throw new HttpError(404, 'user_not_found', 'No such user');
    return c.json({ factors: (await auth.publicUser(user)).factors });
  });

  app.delete('/api/admin/users/:id/factors/:factorId', async (c) => {
    requireAdmin(c);
    const id = param(c, 'id');
    const factorId = param(c, 'factorId');
    const r = await db.deleteFrom('mfa_factors').where('id', '=', factorId).where('user_id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'factor_not_found', 'No such factor for this user');
    if (!(await auth.hasVerifiedFactor(id))) await db.deleteFrom('mfa_backup_codes').where('user_id', '=', id).execute();
    return c.json({ removed: true, id: factorId });
  });

  // ---- access requests ----

  app.post('/api/access-requests', async (c) => {
    auth.limitIp(c, 'access-request');
    const b = await body(
      c,
      z.object({
        name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
        email: emailSchema,
        reason: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
      }),
    );
    const pending = await db.selectFrom('access_requests').select('id').where('email', '=', b.email).where('status', '=', 'pending').executeTakeFirst();
    if (!pending && !(await auth.findUserByEmail(b.email))) {
      await db.insertInto('access_requests').values({ name: b.name, email: b.email, reason: b.reason ?? '' }).execute();
      auth.ctx.logger.info({ email: b.email }, 'access request received');
    }
    // Same answer whether or not an account or a pending request already exists.
    return c.json({ received: true, message: 'Thanks. An administrator will review your request and email you.' }, 202);
  });

  app.get('/api/admin/access-requests', async (c) => {
    requireAdmin(c);
    const r = z
      .object({
        status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
        page: z.coerce.number().int().min(1).max(100000).default(1),
        perPage: z.coerce.number().int().min(1).max(100).default(20),
      })
      .safeParse(c.req.query());
    if (!r.success) throw validationError('query', r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    let base = db.selectFrom('access_requests');
    if (r.data.status !== 'all') base = base.where('status', '=', r.data.status);
    const total = await base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(r.data.perPage)
      .offset((r.data.page - 1) * r.data.perPage)
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
      page: r.data.page,
      perPage: r.data.perPage,
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
      if (!existing) await inviteUser(auth, reqRow.email, reqRow.name, 'user', admin.name || admin.email || 'An administrator');
    } else {
      await auth.mailer.send({
        channel: 'email',
        to: reqRow.email,
        userId: null,
        kind: 'access_rejected',
        subject: 'Your Waymark access request',
        body: `Hello ${reqRow.name},\n\nthank you for your interest. Your request for access was not approved.`,
      });
    }
    return c.json({ id, status: decision });
  };
  app.post('/api/admin/access-requests/:id/approve', decide('approved'));
  app.post('/api/admin/access-requests/:id/reject', decide('rejected'));
}
