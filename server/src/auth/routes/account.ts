import type { Hono } from 'hono';
import { reauthenticateBody, updateUserBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import type { Delivery } from '../../mail/mailer.ts';
import { hashPassword, verifyPassword } from '../crypto.ts';
import { checkSecondFactor, sendEmailChange, sendSms } from '../flows.ts';
import { requireFreshSession, requireUser } from '../guard.ts';
import { type AuthService, describeDevice, sessionJson } from '../service.ts';
import { assertStrongPassword, body, isUniqueViolation, param } from '../validation.ts';

/** The signed-in user: profile, password, re-authentication, sessions. */
export function registerAccountRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;

  app.get('/api/auth/user', async (c) => {
    const me = requireUser(c);
    const row = await auth.findUser(me.id);
    if (!row) throw new HttpError(401, 'session_not_found', 'Auth session missing!');
    return c.json({ user: await auth.publicUser(row) });
  });

  app.put('/api/auth/user', async (c) => {
    const me = requireUser(c);
    const b = await body(c, updateUserBody);
    const row = (await auth.findUser(me.id))!;
    const now = new Date();
    const sensitive =
      b.password !== undefined || (b.email !== undefined && b.email !== row.email) || (b.phone !== undefined && b.phone !== row.phone);
    if (sensitive) requireFreshSession(c);
    const patch: { name?: string; password_hash?: string; phone?: string; phone_verified_at?: null; updated_at: Date } = {
      updated_at: now,
    };
    if (b.name !== undefined) patch.name = b.name;
    if (b.password !== undefined) {
      assertStrongPassword(b.password, [row.email, row.name, row.phone]);
      patch.password_hash = await hashPassword(b.password);
    }
    const phoneTaken = () => new HttpError(409, 'phone_exists', 'Another account already uses this phone number.');
    if (b.phone !== undefined && b.phone !== row.phone) {
      if (await auth.findUserByPhone(b.phone)) throw phoneTaken();
      patch.phone = b.phone;
      patch.phone_verified_at = null;
    }
    let emailChangeDelivery: Delivery | null = null;
    if (b.email !== undefined && b.email !== row.email) {
      if (await auth.findUserByEmail(b.email)) throw new HttpError(409, 'email_exists', 'Another account already uses this email address.');
      emailChangeDelivery = await sendEmailChange(auth, row.id, row.name, b.email);
    }
    let updated;
    try {
      updated = await db.updateTable('users').set(patch).where('id', '=', me.id).returningAll().executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw phoneTaken();
      throw err;
    }
    if (patch.phone) await sendSms(auth, updated, 'verification');
    if (patch.password_hash) await auth.endSessions(me.id, 'others', c.get('session')!.id);
    return c.json({
      user: await auth.publicUser(updated),
      emailChangeSent: emailChangeDelivery !== null && emailChangeDelivery !== 'none',
      emailChangeDelivery,
      passwordUpdated: Boolean(patch.password_hash),
    });
  });

  // Counted per session, not per account: a stranger's failed sign-ins never stop the owner from
  // confirming their password in a session they already have.
  app.post('/api/auth/reauthenticate', async (c) => {
    const me = requireUser(c);
    await auth.limitIp(c, 'reauth');
    const b = await body(c, reauthenticateBody);
    if (!b.password && !b.code)
      throw new HttpError(400, 'validation_error', 'Provide your password or an authentication code', {
        issues: [{ path: '', message: 'password or code is required' }],
      });
    const session = c.get('session')!;
    const attempt = await auth.claimAttempt(c, `reauth:${session.id}`, me.id, me.id);
    const row = (await auth.findUser(me.id))!;
    const ok = b.password ? await verifyPassword(b.password, row.password_hash) : Boolean(await checkSecondFactor(auth, me.id, b.code!));
    if (!ok) {
      await attempt.failed();
      throw new HttpError(400, 'invalid_credentials', b.password ? 'Invalid password' : 'Invalid authentication code');
    }
    await attempt.succeeded();
    const now = new Date();
    if (session.kind !== 'pat') await db.updateTable('sessions').set({ authenticated_at: now }).where('id', '=', session.id).execute();
    return c.json({ reauthenticated: true, authenticatedAt: now.toISOString() });
  });

  app.get('/api/auth/sessions', async (c) => {
    const me = requireUser(c);
    const current = c.get('session')!.id;
    const rows = await auth.repo.sessionsOf(me.id);
    return c.json({
      sessions: rows.map((s) => ({
        ...sessionJson(s),
        device: s.kind === 'token' ? `API client · ${describeDevice(s.user_agent)}` : describeDevice(s.user_agent),
        userAgent: s.user_agent,
        ip: s.ip,
        method: s.method,
        kind: s.kind,
        current: s.id === current,
      })),
    });
  });

  app.delete('/api/auth/sessions/:id', async (c) => {
    const me = requireUser(c);
    const id = param(c, 'id');
    const r = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'session_not_found', 'No such session');
    if (id === c.get('session')!.id && !c.get('bearer')) auth.clearSessionCookie(c);
    return c.json({ signedOut: true, id });
  });
}
