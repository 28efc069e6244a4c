import type { Hono } from 'hono';
import { recoverBody, resetCheckBody, resetPasswordBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { hashPassword } from '../crypto.ts';
import { recovery, recoveryRequestedNotice } from '../emails/recovery.ts';
import type { AuthService } from '../service.ts';
import { assertStrongPassword, body } from '../validation.ts';

const BY_EMAIL = 'If an account exists for that address, we have emailed it a link to choose a new password. Check your inbox.';
const BY_ADMIN =
  'This server cannot send email, so no link was emailed. If an account exists for that address, its administrators have been told; ' +
  'one of them will check who you are and give you a one-time link to choose a new password.';

/**
 * Password recovery. With SMTP the link goes to the address; without it (the default install) the
 * instance's admins get an in-app notice and hand over a one-time link themselves — never the
 * requester's own mailbox, which would let anyone "recover" any account.
 */
export function registerRecoveryRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;

  app.post('/api/auth/recover', async (c) => {
    await auth.limitIp(c, 'recover');
    const b = await body(c, recoverBody);
    await auth.cooldownOrThrow('recover', b.email);
    const user = await auth.findUserByEmail(b.email);
    const smtp = auth.mailer.smtp;
    if (user && !user.banned) {
      if (smtp) {
        const token = await auth.issueLinkToken('recovery', b.email, user.id);
        await auth.mailer.send({
          channel: 'email',
          to: b.email,
          kind: 'recovery',
          ...recovery({ url: auth.link(`/reset-password?token=${token}`) }),
        });
      } else {
        const notice = recoveryRequestedNotice({ email: b.email, adminUrl: auth.link(`/admin/users?q=${encodeURIComponent(b.email)}`) });
        for (const adminId of await auth.repo.adminIds())
          if (adminId !== user.id) await auth.mailer.notify(adminId, 'admin_recovery_request', notice);
      }
    }
    return c.json({ sent: true, message: smtp ? BY_EMAIL : BY_ADMIN, delivery: smtp ? 'smtp' : 'admin' });
  });

  app.post('/api/auth/reset-password/check', async (c) => {
    await auth.limitIp(c, 'reset');
    const b = await body(c, resetCheckBody);
    const row = await auth.peekLinkToken(['recovery', 'invite'], b.token);
    if (!row) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    return c.json({ valid: true, type: row.kind, email: row.identifier });
  });

  app.post('/api/auth/reset-password', async (c) => {
    await auth.limitIp(c, 'reset');
    const b = await body(c, resetPasswordBody);
    const peek = await auth.peekLinkToken(['recovery', 'invite'], b.token);
    if (!peek?.user_id) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    const target = await auth.findUser(peek.user_id);
    assertStrongPassword(b.password, [peek.identifier, target?.name, target?.phone]);
    const row = await auth.consumeLinkToken(['recovery', 'invite'], b.token);
    if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    const now = new Date();
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(b.password), updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    // A link that reached the address proves it; one an admin handed over does not.
    if (!row.data.adminIssued) await auth.emailProven(row.user_id, row.identifier);
    // Whoever had the account before is out: sessions, token families and personal access tokens end.
    await auth.endSessions(row.user_id, 'global');
    await db.deleteFrom('personal_access_tokens').where('user_id', '=', row.user_id).execute();
    await auth.repo.retireTokens(row.user_id, ['recovery', 'magiclink']);
    auth.clearSessionCookie(c);
    return c.json({ passwordUpdated: true, email: row.identifier });
  });
}
