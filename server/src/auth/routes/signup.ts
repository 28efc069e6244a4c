import type { Hono } from 'hono';
import { resendBody, signUpBody, verifyBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { hashPassword } from '../crypto.ts';
import { sendEmailChange, sendSms, sendVerification } from '../flows.ts';
import type { AuthContext, AuthService, UserRow } from '../service.ts';
import { assertStrongPassword, body, isUniqueViolation, missingCredentials } from '../validation.ts';

export const SENT = { sent: true as const, message: 'If an account exists for that address, we have sent a message. Check your mailbox.' };

/** Sign-up, verification of addresses (links and codes) and resending them. */
export function registerSignupRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;

  app.post('/api/auth/signup', async (c) => {
    await auth.limitIp(c, 'signup');
    const b = await body(c, signUpBody);
    if ((!b.email && !b.phone) || !b.password) throw missingCredentials();
    assertStrongPassword(b.password, [b.email, b.name, b.phone]);
    const exists = () =>
      new HttpError(
        409,
        'user_already_exists',
        `An account with this ${b.email ? 'email address' : 'phone number'} already exists. Sign in or reset your password.`,
      );
    if (b.email && (await auth.findUserByEmail(b.email))) throw exists();
    if (b.phone && (await auth.findUserByPhone(b.phone))) throw exists();
    const hash = await hashPassword(b.password);
    let user: UserRow;
    try {
      // Never an administrator here, not even for ADMIN_EMAIL: the role follows a *proven* address.
      user = await db
        .insertInto('users')
        .values({
          email: b.email ?? null,
          phone: b.phone ?? null,
          name: b.name ?? '',
          password_hash: hash,
          role: 'user',
          updated_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
    const delivery = await sendVerification(auth, user);
    const signedIn = await auth.createSession(c, user, b.remember ?? false, 'password');
    return c.json({ ...signedIn, verificationSent: delivery !== 'none', delivery }, 201);
  });

  app.post('/api/auth/verify', async (c) => {
    await auth.limitIp(c, 'verify');
    const b = await body(c, verifyBody);
    if (b.type === 'email' || b.type === 'sms') {
      const identifier = b.type === 'email' ? b.email : b.phone;
      const user0 = b.type === 'email' ? await auth.findUserByEmail(identifier) : await auth.findUserByPhone(identifier);
      const attempt = await auth.claimAttempt(c, 'otp', identifier, user0?.id);
      const row = await auth.consumeCode(b.type === 'email' ? 'email_otp' : 'sms_otp', identifier, b.code);
      if (!row?.user_id) {
        await attempt.failed();
        throw new HttpError(400, 'otp_invalid', 'The code is wrong or has expired. Request a new one.');
      }
      await attempt.succeeded();
      // The code reached this address (SMTP, or the mailbox of its proven owner): it is proven.
      const user =
        b.type === 'email' ? await auth.emailProven(row.user_id, identifier) : await auth.repo.markPhoneVerified(row.user_id, identifier);
      if (!user) throw new HttpError(400, 'otp_invalid', 'The code is wrong or has expired. Request a new one.');
      return c.json({ verified: true, type: b.type, ...(await signInAfterOtp(c, user, b.remember)) });
    }
    if (b.type === 'magiclink') {
      const row = await auth.consumeLinkToken(['magiclink'], b.token);
      if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'The sign-in link is invalid or has expired. Request a new one.');
      const proven = row.data.adminIssued ? undefined : await auth.emailProven(row.user_id, row.identifier);
      const user = proven ?? (await auth.findUser(row.user_id));
      if (!user) throw new HttpError(400, 'otp_expired', 'The sign-in link is invalid or has expired. Request a new one.');
      return c.json({ verified: true, type: b.type, ...(await auth.createSession(c, user, b.remember ?? false, 'magiclink')) });
    }
    const row = await auth.consumeLinkToken([b.type], b.token);
    if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'The verification link is invalid or has expired. Request a new one.');
    if (b.type === 'email_change') {
      const newEmail = String(row.data.newEmail ?? '');
      const taken = () => new HttpError(409, 'email_exists', 'Another account already uses this email address.');
      if (await db.selectFrom('users').select('id').where('email', '=', newEmail).where('id', '!=', row.user_id).executeTakeFirst())
        throw taken();
      try {
        await db
          .updateTable('users')
          .set({ email: newEmail, email_verified_at: null, updated_at: new Date() })
          .where('id', '=', row.user_id)
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      await auth.emailProven(row.user_id, newEmail);
    } else if (!row.data.adminIssued) {
      await auth.emailProven(row.user_id, row.identifier);
    }
    const user = await auth.findUser(row.user_id);
    return c.json({ verified: true, type: b.type, user: user ? await auth.publicUser(user) : null });
  });

  async function signInAfterOtp(c: AuthContext, user: UserRow, remember?: boolean) {
    // A signed-in user verifying their own phone/email keeps the current session.
    if (c.get('user')?.id === user.id) return { user: await auth.publicUser(user) };
    return auth.createSession(c, user, remember ?? false, 'otp');
  }

  app.post('/api/auth/resend', async (c) => {
    await auth.limitIp(c, 'resend');
    const b = await body(c, resendBody);
    const identifier = b.type === 'sms' ? b.phone : b.email;
    if (!identifier)
      throw new HttpError(400, 'validation_error', b.type === 'sms' ? 'phone is required' : 'email is required', {
        issues: [{ path: b.type === 'sms' ? 'phone' : 'email', message: 'is required' }],
      });
    await auth.cooldownOrThrow(`resend-${b.type}`, identifier);
    if (b.type === 'signup') {
      const user = await auth.findUserByEmail(identifier);
      if (user && !user.email_verified_at && !user.banned)
        await sendVerification(auth, { ...user, phone_verified_at: user.phone_verified_at ?? new Date() });
    } else if (b.type === 'sms') {
      const user = await auth.findUserByPhone(identifier);
      if (user && !user.banned) await sendSms(auth, user, user.phone_verified_at ? 'sign-in' : 'verification');
    } else {
      const me = c.get('user');
      const pending = me
        ? await db
            .selectFrom('auth_tokens')
            .select('id')
            .where('kind', '=', 'email_change')
            .where('user_id', '=', me.id)
            .where('identifier', '=', identifier)
            .where('used_at', 'is', null)
            .executeTakeFirst()
        : undefined;
      if (me && pending) await sendEmailChange(auth, me.id, me.name, identifier);
    }
    return c.json({ ...SENT, delivery: auth.mailer.smtp ? 'smtp' : 'mailbox' });
  });
}
