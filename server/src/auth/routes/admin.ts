import type { Hono } from 'hono';
import { createUserBody, generateLinkBody, inviteBody, listUsersQuery, updateUserByAdminBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import type { Delivery } from '../../mail/mailer.ts';
import { hashPassword } from '../crypto.ts';
import { invite } from '../emails/invite.ts';
import { requireAdmin } from '../guard.ts';
import type { AuthService, UserRow } from '../service.ts';
import { assertStrongPassword, body, isUniqueViolation, missingCredentials, param, query } from '../validation.ts';

const refused = (reason: 'not_admin' | 'last_admin') =>
  reason === 'not_admin'
    ? new HttpError(403, 'forbidden', 'Administrator role required')
    : new HttpError(422, 'last_admin', 'This is the last administrator: make someone else an administrator first.');
const userExists = (what: string) => new HttpError(409, 'user_already_exists', `A user with this ${what} already exists.`);

/**
 * Send an invitation (7 days). With SMTP it goes to the address; without, nobody can receive it, so
 * the link is returned for the admin to hand over — and, handed over, it proves nothing about the address.
 */
export async function sendInvite(auth: AuthService, user: UserRow, invitedBy: string): Promise<{ delivery: Delivery; link?: string }> {
  const reachable = await auth.mailer.canReach('email', user.email!);
  const token = await auth.issueLinkToken('invite', user.email!, user.id, reachable ? {} : { adminIssued: true });
  const url = auth.link(`/reset-password?type=invite&token=${token}`);
  if (!reachable) return { delivery: 'none', link: url };
  return { delivery: await auth.mailer.send({ channel: 'email', to: user.email!, kind: 'invite', ...invite({ invitedBy, url }) }) };
}

/** Create an invited user (no password yet) and invite them; 409 when the email exists. */
export async function inviteUser(auth: AuthService, email: string, name: string, role: 'user' | 'admin', invitedBy: string) {
  if (await auth.findUserByEmail(email)) throw userExists('email address');
  let user: UserRow;
  try {
    user = await auth.db.insertInto('users').values({ email, name, role, updated_at: new Date() }).returningAll().executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw userExists('email address');
    throw err;
  }
  return { user, ...(await sendInvite(auth, user, invitedBy)) };
}

export function registerAdminRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const db = auth.ctx.db;

  app.get('/api/admin/users', async (c) => {
    requireAdmin(c);
    const { q, page, perPage, role } = query(c, listUsersQuery);
    let base = db.selectFrom('users');
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      base = base.where((eb) => eb.or([eb('email', 'ilike', like), eb('name', 'ilike', like), eb('phone', 'ilike', like)]));
    }
    if (role) base = base.where('role', '=', role);
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
    const b = await body(c, createUserBody);
    if ((!b.email && !b.phone) || !b.password) throw missingCredentials();
    assertStrongPassword(b.password, [b.email, b.name, b.phone]);
    if (b.email && (await auth.findUserByEmail(b.email))) throw userExists('email address');
    if (b.phone && (await auth.findUserByPhone(b.phone))) throw userExists('phone number');
    const now = new Date();
    let user: UserRow;
    try {
      user = await db
        .insertInto('users')
        .values({
          email: b.email ?? null,
          phone: b.phone ?? null,
          name: b.name ?? '',
          role: b.role ?? 'user',
          password_hash: await hashPassword(b.password),
          // The admin vouches for the details they type in (the form says so).
          email_verified_at: b.email && b.emailConfirmed !== false ? now : null,
          phone_verified_at: b.phone ? now : null,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      // Two identical requests at once: the second meets the unique index. Same answer as the check above.
      if (isUniqueViolation(err)) throw userExists(b.email ? 'email address' : 'phone number');
      throw err;
    }
    return c.json({ user: await auth.publicUser(user) }, 201);
  });

  app.post('/api/admin/invite', async (c) => {
    const admin = requireAdmin(c);
    const b = await body(c, inviteBody);
    const r = await inviteUser(auth, b.email, b.name ?? '', b.role ?? 'user', admin.name || admin.email || 'An administrator');
    return c.json({ user: await auth.publicUser(r.user), invited: true, delivery: r.delivery, ...(r.link ? { link: r.link } : {}) }, 201);
  });

  app.post('/api/admin/generate-link', async (c) => {
    requireAdmin(c);
    const b = await body(c, generateLinkBody);
    const user = await auth.findUserByEmail(b.email);
    if (!user) throw new HttpError(404, 'user_not_found', 'No user with this email address');
    // Handed over by the admin, not delivered to the address: using it proves nothing about the address.
    const token = await auth.issueLinkToken(b.type, b.email, user.id, { adminIssued: true });
    const path =
      b.type === 'recovery'
        ? `/reset-password?token=${token}`
        : b.type === 'invite'
          ? `/reset-password?type=invite&token=${token}`
          : `/callback?type=${b.type}&token=${token}`;
    return c.json({
      type: b.type,
      link: auth.link(path),
      expiresInSeconds: b.type === 'invite' ? 7 * 24 * 3600 : b.type === 'signup' ? 24 * 3600 : 3600,
    });
  });

  app.get('/api/admin/users/:id', async (c) => {
    requireAdmin(c);
    const user = await auth.findUser(param(c, 'id'));
    if (!user) throw new HttpError(404, 'user_not_found', 'No such user');
    const sessions = await db
      .selectFrom('sessions')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return c.json({ user: { ...(await auth.publicUser(user)), banReason: user.ban_reason, activeSessions: Number(sessions.n) } });
  });

  app.put('/api/admin/users/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = param(c, 'id');
    const b = await body(c, updateUserByAdminBody);
    const user = await auth.findUser(id);
    if (!user) throw new HttpError(404, 'user_not_found', 'No such user');
    if (id === admin.id && (b.role === 'user' || b.banned === true)) {
      throw new HttpError(422, 'cannot_demote_self', 'You cannot remove your own administrator role or ban yourself.');
    }
    const removesAdmin = user.role === 'admin' && !user.banned && (b.role === 'user' || b.banned === true);
    const now = new Date();
    const r = await auth.repo.keepingAnAdmin(admin.id, id, removesAdmin, (trx) =>
      trx
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
        .executeTakeFirstOrThrow(),
    );
    if (!r.ok) throw refused(r.reason);
    let updated = r.value;
    if (b.emailConfirmed && updated.email) updated = (await auth.emailProven(id, updated.email)) ?? updated;
    if (b.banned) {
      await auth.endSessions(id, 'global');
      await db.deleteFrom('personal_access_tokens').where('user_id', '=', id).execute();
    }
    return c.json({ user: await auth.publicUser(updated) });
  });

  app.delete('/api/admin/users/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = param(c, 'id');
    if (id === admin.id) throw new HttpError(422, 'cannot_delete_self', 'You cannot delete your own account here.');
    const target = await auth.findUser(id);
    if (!target) throw new HttpError(404, 'user_not_found', 'No such user');
    const r = await auth.repo.keepingAnAdmin(admin.id, id, target.role === 'admin' && !target.banned, (trx) =>
      trx.deleteFrom('users').where('id', '=', id).executeTakeFirst(),
    );
    if (!r.ok) throw refused(r.reason);
    if (Number(r.value.numDeletedRows) === 0) throw new HttpError(404, 'user_not_found', 'No such user');
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
}
