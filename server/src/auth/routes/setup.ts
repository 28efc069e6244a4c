import type { Hono } from 'hono';
import { resetCheckBody, setupBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { hashPassword } from '../crypto.ts';
import type { AuthService, UserRow } from '../service.ts';
import { assertStrongPassword, body, isUniqueViolation, missingCredentials } from '../validation.ts';

export const SETUP_TTL_MS = 24 * 3600_000;

/**
 * A fresh instance (no administrator yet) prints a one-time setup link in its start-up log; whoever
 * can read the server's log is the operator. A new link replaces the old one at every start until
 * an administrator exists.
 */
export async function issueSetupToken(auth: AuthService): Promise<string | null> {
  if (await auth.repo.anyAdmin()) return null;
  await auth.db.updateTable('auth_tokens').set({ used_at: new Date() }).where('kind', '=', 'setup').where('used_at', 'is', null).execute();
  const token = await auth.issueLinkToken('setup', 'setup', null);
  const url = auth.link(`/setup?token=${token}`);
  auth.ctx.logger.warn(
    { setupUrl: url },
    `No administrator yet. Open ${url} to create the first administrator account (one-time link, valid 24 h; a new one is printed at each start until an administrator exists).`,
  );
  return url;
}

export function registerSetupRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const db = auth.ctx.db;

  app.post('/api/auth/setup/check', async (c) => {
    await auth.limitIp(c, 'setup');
    const b = await body(c, resetCheckBody);
    const row = await auth.peekLinkToken(['setup'], b.token);
    return c.json({ valid: Boolean(row) && !(await auth.repo.anyAdmin()) });
  });

  app.post('/api/auth/setup', async (c) => {
    await auth.limitIp(c, 'setup');
    const b = await body(c, setupBody);
    const me = c.get('user');
    if (!me && (!b.email || !b.password)) throw missingCredentials();
    if (!me) assertStrongPassword(b.password!, [b.email, b.name]);
    if (await auth.repo.anyAdmin()) throw new HttpError(409, 'setup_done', 'This instance already has an administrator. Sign in instead.');
    const row = await auth.consumeLinkToken(['setup'], b.token);
    if (!row) throw new HttpError(400, 'otp_expired', 'This setup link is invalid or was already used. Restart the server for a new one.');
    let user: UserRow;
    if (me) {
      await auth.repo.promoteToAdmin(me.id);
      user = (await auth.findUser(me.id))!;
    } else {
      if (await auth.findUserByEmail(b.email!))
        throw new HttpError(
          409,
          'user_already_exists',
          'An account with this email address exists: sign in with it and open the setup link again.',
        );
      try {
        user = await db
          .insertInto('users')
          .values({
            email: b.email!,
            name: b.name ?? '',
            role: 'admin',
            password_hash: await hashPassword(b.password!),
            updated_at: new Date(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, 'user_already_exists', 'An account with this email address already exists.');
        throw err;
      }
      await auth.createSession(c, user, false, 'setup');
    }
    auth.ctx.logger.info({ userId: user.id }, 'setup: the first administrator was created');
    return c.json({ user: await auth.publicUser(user), promoted: true });
  });
}
