import type { Delivery } from '../mail/mailer.ts';
import { HttpError } from '../http/errors.ts';
import { newBackupCodes, normaliseBackupCode, randomToken, sha256, verifyPassword, verifyTotp } from './crypto.ts';
import { emailChange } from './emails/email-change.ts';
import { smsCode } from './emails/sign-in-code.ts';
import { verifyEmail } from './emails/verify-email.ts';
import type { AuthContext, AuthService, UserRow } from './service.ts';

/** Steps shared by several routes (browser sign-in and the token API, sign-up and resend, …). */

export async function sendVerification(auth: AuthService, user: UserRow): Promise<Delivery> {
  let delivery: Delivery = 'none';
  if (user.email && !user.email_verified_at && (await auth.mailer.canReach('email', user.email))) {
    const token = await auth.issueLinkToken('signup', user.email, user.id);
    delivery = await auth.mailer.send({
      channel: 'email',
      to: user.email,
      kind: 'signup',
      ...verifyEmail({ name: user.name, url: auth.link(`/callback?type=signup&token=${token}`) }),
    });
  }
  if (user.phone && !user.phone_verified_at) {
    const sms = await sendSms(auth, user, 'verification');
    if (!user.email) delivery = sms;
  }
  return delivery;
}

/** A code by SMS. SMS has no gateway here: it reaches only the mailbox of the number's verified owner. */
export async function sendSms(auth: AuthService, user: UserRow, purpose: 'verification' | 'sign-in'): Promise<Delivery> {
  if (!(await auth.mailer.canReach('sms', user.phone!))) {
    auth.ctx.logger.info({ userId: user.id }, 'sms: not sent (no SMS gateway, and nobody has proven this number)');
    return 'none';
  }
  const code = await auth.issueCode('sms_otp', user.phone!, user.id);
  return auth.mailer.send({ channel: 'sms', to: user.phone!, kind: 'sms_otp', ...smsCode({ code, purpose }) });
}

export async function sendEmailChange(auth: AuthService, userId: string, name: string, newEmail: string): Promise<Delivery> {
  if (!(await auth.mailer.canReach('email', newEmail))) return 'none';
  const token = await auth.issueLinkToken('email_change', newEmail, userId, { newEmail });
  return auth.mailer.send({
    channel: 'email',
    to: newEmail,
    kind: 'email_change',
    ...emailChange({ name, url: auth.link(`/callback?type=email_change&token=${token}`) }),
  });
}

/**
 * Check email/phone + password with the abuse limits of docs/auth.md: per IP and action, and a
 * progressive delay per account and client. Returns the user, or throws 400/403/429.
 */
export async function checkPassword(
  auth: AuthService,
  c: AuthContext,
  b: { email?: string; phone?: string; password: string },
): Promise<UserRow> {
  const identifier = (b.email ?? b.phone)!;
  const user = b.email ? await auth.findUserByEmail(b.email) : await auth.findUserByPhone(b.phone!);
  const attempt = await auth.claimAttempt(c, 'signin', identifier, user?.id);
  const ok = await verifyPassword(b.password, user?.password_hash ?? null);
  if (!user || !ok) {
    await attempt.failed();
    throw new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  await attempt.succeeded();
  if (user.banned) throw new HttpError(403, 'user_banned', 'This account is suspended. Contact an administrator.');
  return user;
}

export async function startMfaChallenge(auth: AuthService, user: UserRow, remember: boolean) {
  const challenge = randomToken();
  await auth.db
    .insertInto('mfa_challenges')
    .values({ user_id: user.id, token_hash: sha256(challenge), remember, expires_at: new Date(Date.now() + 5 * 60_000) })
    .execute();
  const factors = await auth.db
    .selectFrom('mfa_factors')
    .select(['id', 'friendly_name'])
    .where('user_id', '=', user.id)
    .where('status', '=', 'verified')
    .execute();
  return {
    mfaRequired: true as const,
    challengeId: challenge,
    factors: factors.map((f) => ({ id: f.id, factorType: 'totp' as const, friendlyName: f.friendly_name })),
  };
}

/** Answer a pending MFA challenge; returns the user and the challenge's `remember`, or throws 400/429. */
export async function completeMfaChallenge(auth: AuthService, c: AuthContext, challengeId: string, code: string) {
  const db = auth.db;
  const ch = await db
    .selectFrom('mfa_challenges')
    .selectAll()
    .where('token_hash', '=', sha256(challengeId))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!ch) throw new HttpError(400, 'mfa_challenge_expired', 'The sign-in attempt expired. Sign in again.');
  const attempt = await auth.claimAttempt(c, 'mfa', ch.user_id, ch.user_id);
  const method = await checkSecondFactor(auth, ch.user_id, code);
  if (!method) {
    await attempt.failed();
    const attempts = ch.attempts + 1;
    if (attempts >= 5) await db.deleteFrom('mfa_challenges').where('id', '=', ch.id).execute();
    else await db.updateTable('mfa_challenges').set({ attempts }).where('id', '=', ch.id).execute();
    throw new HttpError(400, 'mfa_verification_failed', 'Invalid authentication code');
  }
  await attempt.succeeded();
  await db.deleteFrom('mfa_challenges').where('id', '=', ch.id).execute();
  const user = await auth.findUser(ch.user_id);
  if (!user) throw new HttpError(400, 'mfa_challenge_expired', 'The sign-in attempt expired. Sign in again.');
  if (user.banned) throw new HttpError(403, 'user_banned', 'This account is suspended. Contact an administrator.');
  return { user, remember: ch.remember, method };
}

export async function newBackupCodeSet(auth: AuthService, userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await auth.db.deleteFrom('mfa_backup_codes').where('user_id', '=', userId).execute();
  await auth.db
    .insertInto('mfa_backup_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(`${userId}:${normaliseBackupCode(code)}`) })))
    .execute();
  return codes;
}

/** A TOTP code of a verified factor (no replay) or an unused backup code; returns the method or null. */
export async function checkSecondFactor(auth: AuthService, userId: string, code: string): Promise<'totp' | 'backup_code' | null> {
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const factors = await auth.db
      .selectFrom('mfa_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'verified')
      .execute();
    for (const f of factors) {
      const step = verifyTotp(f.secret, digits);
      if (step !== null && (f.last_used_step === null || step > Number(f.last_used_step))) {
        const r = await auth.db
          .updateTable('mfa_factors')
          .set({ last_used_step: step, updated_at: new Date() })
          .where('id', '=', f.id)
          .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]))
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) return 'totp';
      }
    }
    return null;
  }
  const norm = normaliseBackupCode(code);
  if (norm.length !== 12) return null;
  const r = await auth.db
    .updateTable('mfa_backup_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(`${userId}:${norm}`))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? 'backup_code' : null;
}
