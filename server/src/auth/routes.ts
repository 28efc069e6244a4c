import type { Hono } from 'hono';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import {
  hashPassword,
  newBackupCodes,
  newTotpSecret,
  normaliseBackupCode,
  randomToken,
  sha256,
  totpUri,
  verifyPassword,
  verifyTotp,
} from './crypto.ts';
import { csrfTokenFor, ensureCsrfCookie } from './csrf.ts';
import { requireFreshSession, requireUser } from './guard.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-policy.ts';
import { type AuthContext, type AuthService, type UserRow, describeDevice, sessionJson } from './service.ts';
import {
  assertStrongPassword,
  body,
  codeSchema,
  emailSchema,
  missingCredentials,
  nameSchema,
  param,
  passwordInput,
  phoneSchema,
  tokenSchema,
} from './validation.ts';

const credentials = z.object({
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  password: passwordInput.optional(),
  remember: z.boolean().optional(),
});

const signupSchema = credentials.extend({ name: nameSchema.optional() });

const otpSchema = z.object({ email: emailSchema.optional(), phone: phoneSchema.optional() });

const verifySchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['signup', 'email_change', 'magiclink']), token: tokenSchema, remember: z.boolean().optional() }),
  z.object({ type: z.literal('email'), email: emailSchema, code: codeSchema, remember: z.boolean().optional() }),
  z.object({ type: z.literal('sms'), phone: phoneSchema, code: codeSchema, remember: z.boolean().optional() }),
]);

const resendSchema = z.object({
  type: z.enum(['signup', 'sms', 'email_change']),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
});

const updateUserSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  password: passwordInput.optional(),
});

const SENT = { sent: true, message: 'If an account exists for that address, we have sent a message. Check your mailbox.' };

export function registerAuthRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;
  const cfg = auth.ctx.config;

  const sendVerification = async (user: UserRow) => {
    if (user.email && !user.email_verified_at) {
      const token = await auth.issueLinkToken('signup', user.email, user.id);
      await auth.mailer.send({
        channel: 'email',
        to: user.email,
        userId: user.id,
        kind: 'signup',
        subject: 'Confirm your email address',
        body: `Hello${user.name ? ` ${user.name}` : ''},\n\nconfirm your email address for Waymark by opening the link below. The link is valid for 24 hours.`,
        links: [{ label: 'Confirm email address', url: auth.link(`/callback?type=signup&token=${token}`) }],
      });
    }
    if (user.phone && !user.phone_verified_at) await sendSms(user, 'verification');
  };

  const sendSms = async (user: UserRow, purpose: 'verification' | 'sign-in') => {
    const code = await auth.issueCode('sms_otp', user.phone!, user.id);
    await auth.mailer.send({
      channel: 'sms',
      to: user.phone!,
      userId: user.id,
      kind: 'sms_otp',
      subject: `Waymark ${purpose} code`,
      body: `Your Waymark ${purpose} code is ${code}. It expires in 10 minutes.`,
    });
  };

  const isAdminEmail = (email: string | undefined | null) => Boolean(email && cfg.ADMIN_EMAIL && email === cfg.ADMIN_EMAIL.toLowerCase());

  // ---- public configuration and CSRF ----

  app.get('/api/auth/config', (c) =>
    c.json({
      passwordMinLength: PASSWORD_MIN,
      passwordMaxLength: PASSWORD_MAX,
      resendCooldownSeconds: 60,
      oidc: cfg.OIDC_ISSUER ? { enabled: true, name: cfg.OIDC_NAME } : { enabled: false, name: null },
      delivery: cfg.SMTP_URL ? 'smtp' : 'mailbox',
    }),
  );

  app.get('/api/_auth/csrf', (c) => {
    const nonce = ensureCsrfCookie(c, auth.secureCookies(c));
    return c.json({ token: csrfTokenFor(auth.secret, nonce), header: 'X-CSRF-Token' }, 200, { 'Cache-Control': 'no-store' });
  });

  // ---- session (SPEC §7) ----

  app.get('/api/_auth/session', async (c) => {
    const user = c.get('user');
    const session = c.get('session');
    if (!user || !session)
      return c.json({ error: { code: 'session_not_found', message: 'Auth session missing!' } }, 401, { 'Cache-Control': 'no-store' });
    const current = await auth.currentSession(c);
    if (!current) return c.json({ error: { code: 'session_not_found', message: 'Auth session missing!' } }, 401);
    return c.json(current, 200, { 'Cache-Control': 'no-store' });
  });

  app.delete('/api/_auth/session', async (c) => {
    const user = c.get('user');
    const session = c.get('session');
    if (user && session) await auth.endSessions(user.id, 'local', session.id);
    auth.clearSessionCookie(c);
    return c.json({ signedOut: true });
  });

  // ---- sign up / sign in ----

  app.post('/api/auth/signup', async (c) => {
    auth.limitIp(c, 'signup');
    const b = await body(c, signupSchema);
    if ((!b.email && !b.phone) || !b.password) throw missingCredentials();
    assertStrongPassword(b.password, [b.email, b.name, b.phone]);
    if (b.email && (await auth.findUserByEmail(b.email))) {
      throw new HttpError(409, 'user_already_exists', 'An account with this email address already exists. Sign in or reset your password.');
    }
    if (b.phone && (await auth.findUserByPhone(b.phone))) {
      throw new HttpError(409, 'user_already_exists', 'An account with this phone number already exists. Sign in or reset your password.');
    }
    const hash = await hashPassword(b.password);
    let user: UserRow;
    try {
      user = await db
        .insertInto('users')
        .values({
          email: b.email ?? null,
          phone: b.phone ?? null,
          name: b.name ?? '',
          password_hash: hash,
          role: isAdminEmail(b.email) ? 'admin' : 'user',
          updated_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new HttpError(409, 'user_already_exists', 'An account with these details already exists.');
      throw err;
    }
    await sendVerification(user);
    const signedIn = await auth.createSession(c, user, b.remember ?? false, 'password');
    return c.json({ ...signedIn, verificationSent: true }, 201);
  });

  app.post('/api/auth/signin', async (c) => {
    auth.limitIp(c, 'signin');
    const b = await body(c, credentials);
    if ((!b.email && !b.phone) || !b.password) throw missingCredentials();
    const key = `signin:${b.email ?? b.phone}`;
    auth.checkAccount(key);
    const user = b.email ? await auth.findUserByEmail(b.email) : await auth.findUserByPhone(b.phone!);
    const ok = await verifyPassword(b.password, user?.password_hash ?? null);
    if (!user || !ok) {
      auth.failAccount(key);
      throw new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (user.banned) throw new HttpError(403, 'user_banned', 'This account is suspended. Contact an administrator.');
    auth.accountLimiter.reset(key);
    if (await auth.hasVerifiedFactor(user.id)) {
      const challenge = randomToken();
      await db
        .insertInto('mfa_challenges')
        .values({
          user_id: user.id,
          token_hash: sha256(challenge),
          remember: b.remember ?? false,
          expires_at: new Date(Date.now() + 5 * 60_000),
        })
        .execute();
      const factors = await db
        .selectFrom('mfa_factors')
        .select(['id', 'friendly_name'])
        .where('user_id', '=', user.id)
        .where('status', '=', 'verified')
        .execute();
      return c.json({
        mfaRequired: true,
        challengeId: challenge,
        factors: factors.map((f) => ({ id: f.id, factorType: 'totp', friendlyName: f.friendly_name })),
      });
    }
    return c.json(await auth.createSession(c, user, b.remember ?? false, 'password'));
  });

  app.post('/api/auth/mfa/challenge', async (c) => {
    auth.limitIp(c, 'mfa');
    const b = await body(c, z.object({ challengeId: tokenSchema, code: codeSchema }));
    const ch = await db
      .selectFrom('mfa_challenges')
      .selectAll()
      .where('token_hash', '=', sha256(b.challengeId))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!ch) throw new HttpError(400, 'mfa_challenge_expired', 'The sign-in attempt expired. Sign in again.');
    const key = `mfa:${ch.user_id}`;
    auth.checkAccount(key);
    const method = await checkSecondFactor(auth, ch.user_id, b.code);
    if (!method) {
      auth.failAccount(key);
      const attempts = ch.attempts + 1;
      if (attempts >= 5) await db.deleteFrom('mfa_challenges').where('id', '=', ch.id).execute();
      else await db.updateTable('mfa_challenges').set({ attempts }).where('id', '=', ch.id).execute();
      throw new HttpError(400, 'mfa_verification_failed', 'Invalid authentication code');
    }
    await db.deleteFrom('mfa_challenges').where('id', '=', ch.id).execute();
    const user = (await auth.findUser(ch.user_id))!;
    return c.json(await auth.createSession(c, user, ch.remember, `password+${method}`));
  });

  app.post('/api/auth/signout', async (c) => {
    const b = await body(c, z.object({ scope: z.enum(['local', 'global', 'others']).optional() }));
    const user = c.get('user');
    const session = c.get('session');
    const scope = b.scope ?? 'local';
    let ended = 0;
    if (user && session) ended = await auth.endSessions(user.id, scope, session.id);
    if (scope !== 'others') auth.clearSessionCookie(c);
    return c.json({ signedOut: true, scope, sessionsEnded: ended });
  });

  // ---- one-time codes, links, recovery ----

  app.post('/api/auth/otp', async (c) => {
    auth.limitIp(c, 'otp');
    const b = await body(c, otpSchema);
    if (!b.email && !b.phone) throw new HttpError(400, 'validation_failed', 'You must provide either an email or phone number');
    const identifier = (b.email ?? b.phone)!;
    auth.cooldownOrThrow('otp', identifier);
    const user = b.email ? await auth.findUserByEmail(b.email) : await auth.findUserByPhone(b.phone!);
    if (user && !user.banned) {
      if (b.email) {
        const code = await auth.issueCode('email_otp', b.email, user.id);
        const token = await auth.issueLinkToken('magiclink', b.email, user.id);
        await auth.mailer.send({
          channel: 'email',
          to: b.email,
          userId: user.id,
          kind: 'magiclink',
          subject: 'Your Waymark sign-in link',
          body: `Your sign-in code is ${code} (valid for 10 minutes). Or open the link below to sign in (valid for 1 hour). If you did not ask for this, ignore this message.`,
          links: [{ label: 'Sign in to Waymark', url: auth.link(`/callback?type=magiclink&token=${token}`) }],
        });
      } else {
        await sendSms(user, 'sign-in');
      }
    }
    return c.json(SENT);
  });

  app.post('/api/auth/verify', async (c) => {
    auth.limitIp(c, 'verify');
    const b = await body(c, verifySchema);
    if (b.type === 'email' || b.type === 'sms') {
      const identifier = b.type === 'email' ? b.email : b.phone;
      const key = `otp:${identifier}`;
      auth.checkAccount(key);
      const row = await auth.consumeCode(b.type === 'email' ? 'email_otp' : 'sms_otp', identifier, b.code);
      if (!row?.user_id) {
        auth.failAccount(key);
        throw new HttpError(400, 'otp_invalid', 'The code is wrong or has expired. Request a new one.');
      }
      const now = new Date();
      const user = await db
        .updateTable('users')
        .set(b.type === 'email' ? { email_verified_at: now, updated_at: now } : { phone_verified_at: now, updated_at: now })
        .where('id', '=', row.user_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return c.json({ verified: true, type: b.type, ...(await signInAfterOtp(c, user, b.remember)) });
    }
    if (b.type === 'magiclink') {
      const row = await auth.consumeLinkToken(['magiclink'], b.token);
      if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'The sign-in link is invalid or has expired. Request a new one.');
      const user = await db
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', row.user_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return c.json({ verified: true, type: b.type, ...(await auth.createSession(c, user, b.remember ?? false, 'magiclink')) });
    }
    const row = await auth.consumeLinkToken([b.type], b.token);
    if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'The verification link is invalid or has expired. Request a new one.');
    const now = new Date();
    if (b.type === 'email_change') {
      const newEmail = String(row.data.newEmail ?? '');
      if (await db.selectFrom('users').select('id').where('email', '=', newEmail).where('id', '!=', row.user_id).executeTakeFirst()) {
        throw new HttpError(409, 'email_exists', 'Another account already uses this email address.');
      }
      await db
        .updateTable('users')
        .set({ email: newEmail, email_verified_at: now, updated_at: now })
        .where('id', '=', row.user_id)
        .execute();
    } else {
      await db
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', row.user_id)
        .where('email', '=', row.identifier)
        .execute();
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
    auth.limitIp(c, 'resend');
    const b = await body(c, resendSchema);
    const identifier = b.type === 'sms' ? b.phone : b.email;
    if (!identifier) throw new HttpError(400, 'validation_failed', b.type === 'sms' ? 'phone is required' : 'email is required');
    auth.cooldownOrThrow(`resend-${b.type}`, identifier);
    if (b.type === 'signup') {
      const user = await auth.findUserByEmail(identifier);
      if (user && !user.email_verified_at && !user.banned)
        await sendVerification({ ...user, phone_verified_at: user.phone_verified_at ?? new Date() });
    } else if (b.type === 'sms') {
      const user = await auth.findUserByPhone(identifier);
      if (user && !user.banned) await sendSms(user, user.phone_verified_at ? 'sign-in' : 'verification');
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
      if (me && pending) await sendEmailChange(me.id, me.name, identifier);
    }
    return c.json(SENT);
  });

  const sendEmailChange = async (userId: string, name: string, newEmail: string) => {
    const token = await auth.issueLinkToken('email_change', newEmail, userId, { newEmail });
    await auth.mailer.send({
      channel: 'email',
      to: newEmail,
      userId,
      kind: 'email_change',
      subject: 'Confirm your new email address',
      body: `Hello${name ? ` ${name}` : ''},\n\nconfirm that you want to use this address for your Waymark account by opening the link below.`,
      links: [{ label: 'Confirm new email address', url: auth.link(`/callback?type=email_change&token=${token}`) }],
    });
  };

  app.post('/api/auth/recover', async (c) => {
    auth.limitIp(c, 'recover');
    const b = await body(c, z.object({ email: emailSchema }));
    auth.cooldownOrThrow('recover', b.email);
    const user = await auth.findUserByEmail(b.email);
    if (user && !user.banned) {
      const token = await auth.issueLinkToken('recovery', b.email, user.id);
      await auth.mailer.send({
        channel: 'email',
        to: b.email,
        userId: user.id,
        kind: 'recovery',
        subject: 'Reset your Waymark password',
        body: 'Someone (hopefully you) asked to reset the password of your Waymark account. Open the link below within 1 hour to choose a new password. If it was not you, ignore this message.',
        links: [{ label: 'Choose a new password', url: auth.link(`/reset-password?token=${token}`) }],
      });
    }
    return c.json(SENT);
  });

  app.post('/api/auth/reset-password/check', async (c) => {
    auth.limitIp(c, 'reset');
    const b = await body(c, z.object({ token: tokenSchema }));
    const row = await auth.peekLinkToken(['recovery', 'invite'], b.token);
    if (!row) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    return c.json({ valid: true, type: row.kind, email: row.identifier });
  });

  app.post('/api/auth/reset-password', async (c) => {
    auth.limitIp(c, 'reset');
    const b = await body(c, z.object({ token: tokenSchema, password: passwordInput }));
    const peek = await auth.peekLinkToken(['recovery', 'invite'], b.token);
    if (!peek?.user_id) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    assertStrongPassword(b.password, [peek.identifier]);
    const row = await auth.consumeLinkToken(['recovery', 'invite'], b.token);
    if (!row?.user_id) throw new HttpError(400, 'otp_expired', 'This link is invalid or has expired. Ask for a new one.');
    const now = new Date();
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(b.password), email_verified_at: now, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    await auth.endSessions(row.user_id, 'global');
    await db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('user_id', '=', row.user_id)
      .where('kind', 'in', ['recovery', 'magiclink'])
      .where('used_at', 'is', null)
      .execute();
    auth.clearSessionCookie(c);
    return c.json({ passwordUpdated: true, email: row.identifier });
  });

  // ---- the signed-in user ----

  app.get('/api/auth/user', async (c) => {
    const me = requireUser(c);
    const row = await auth.findUser(me.id);
    if (!row) throw new HttpError(401, 'session_not_found', 'Auth session missing!');
    return c.json({ user: await auth.publicUser(row) });
  });

  app.put('/api/auth/user', async (c) => {
    const me = requireUser(c);
    const b = await body(c, updateUserSchema);
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
    if (b.phone !== undefined && b.phone !== row.phone) {
      if (await auth.findUserByPhone(b.phone)) throw new HttpError(409, 'phone_exists', 'Another account already uses this phone number.');
      patch.phone = b.phone;
      patch.phone_verified_at = null;
    }
    let emailChangeSent = false;
    if (b.email !== undefined && b.email !== row.email) {
      if (await auth.findUserByEmail(b.email)) throw new HttpError(409, 'email_exists', 'Another account already uses this email address.');
      await sendEmailChange(row.id, row.name, b.email);
      emailChangeSent = true;
    }
    const updated = await db.updateTable('users').set(patch).where('id', '=', me.id).returningAll().executeTakeFirstOrThrow();
    if (patch.phone) await sendSms(updated, 'verification');
    if (patch.password_hash) await auth.endSessions(me.id, 'others', c.get('session')!.id);
    return c.json({ user: await auth.publicUser(updated), emailChangeSent, passwordUpdated: Boolean(patch.password_hash) });
  });

  app.post('/api/auth/reauthenticate', async (c) => {
    const me = requireUser(c);
    auth.limitIp(c, 'reauth');
    const b = await body(c, z.object({ password: passwordInput.optional(), code: codeSchema.optional() }));
    if (!b.password && !b.code) throw new HttpError(400, 'validation_failed', 'Provide your password or an authentication code');
    const key = `signin:${me.email ?? me.phone ?? me.id}`;
    auth.checkAccount(key);
    const row = (await auth.findUser(me.id))!;
    const ok = b.password ? await verifyPassword(b.password, row.password_hash) : Boolean(await checkSecondFactor(auth, me.id, b.code!));
    if (!ok) {
      auth.failAccount(key);
      throw new HttpError(400, 'invalid_credentials', b.password ? 'Invalid password' : 'Invalid authentication code');
    }
    const now = new Date();
    await db.updateTable('sessions').set({ authenticated_at: now }).where('id', '=', c.get('session')!.id).execute();
    return c.json({ reauthenticated: true, authenticatedAt: now.toISOString() });
  });

  // ---- sessions ----

  app.get('/api/auth/sessions', async (c) => {
    const me = requireUser(c);
    const current = c.get('session')!.id;
    const rows = await db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('expires_at', '>', new Date())
      .orderBy('last_seen_at', 'desc')
      .execute();
    return c.json({
      sessions: rows.map((s) => ({
        ...sessionJson(s),
        device: describeDevice(s.user_agent),
        userAgent: s.user_agent,
        ip: s.ip,
        method: s.method,
        current: s.id === current,
      })),
    });
  });

  app.delete('/api/auth/sessions/:id', async (c) => {
    const me = requireUser(c);
    const id = param(c, 'id');
    const r = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'session_not_found', 'No such session');
    if (id === c.get('session')!.id) auth.clearSessionCookie(c);
    return c.json({ signedOut: true, id });
  });

  // ---- MFA factors ----

  app.get('/api/auth/factors', async (c) => {
    const me = requireUser(c);
    const row = (await auth.findUser(me.id))!;
    const unused = await db
      .selectFrom('mfa_backup_codes')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return c.json({ factors: (await auth.publicUser(row)).factors, backupCodesRemaining: Number(unused?.n ?? 0) });
  });

  app.post('/api/auth/factors', async (c) => {
    const me = requireFreshSession(c);
    const b = await body(c, z.object({ friendlyName: nameSchema.optional(), factorType: z.literal('totp').optional() }));
    const secret = newTotpSecret();
    await db.deleteFrom('mfa_factors').where('user_id', '=', me.id).where('status', '=', 'unverified').execute();
    const count = await db
      .selectFrom('mfa_factors')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= 5) throw new HttpError(422, 'too_many_factors', 'You can enrol at most 5 authenticator apps.');
    const f = await db
      .insertInto('mfa_factors')
      .values({ user_id: me.id, secret, friendly_name: b.friendlyName || 'Authenticator app', updated_at: new Date() })
      .returning(['id', 'friendly_name'])
      .executeTakeFirstOrThrow();
    const uri = totpUri(secret, me.email ?? me.phone ?? me.id);
    const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
    return c.json({ id: f.id, factorType: 'totp', friendlyName: f.friendly_name, totp: { secret, uri, qrCode } }, 201);
  });

  app.post('/api/auth/factors/:id/verify', async (c) => {
    const me = requireUser(c);
    const id = param(c, 'id');
    const b = await body(c, z.object({ code: codeSchema }));
    const key = `mfa:${me.id}`;
    auth.checkAccount(key);
    const f = await db.selectFrom('mfa_factors').selectAll().where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (!f) throw new HttpError(404, 'factor_not_found', 'No such factor');
    const step = verifyTotp(f.secret, b.code);
    if (step === null || (f.last_used_step !== null && step <= Number(f.last_used_step))) {
      auth.failAccount(key);
      throw new HttpError(400, 'mfa_verification_failed', 'Invalid authentication code');
    }
    const now = new Date();
    await db.updateTable('mfa_factors').set({ status: 'verified', last_used_step: step, updated_at: now }).where('id', '=', id).execute();
    await db.updateTable('sessions').set({ authenticated_at: now }).where('id', '=', c.get('session')!.id).execute();
    let backupCodes: string[] | undefined;
    const unused = await db
      .selectFrom('mfa_backup_codes')
      .select('id')
      .where('user_id', '=', me.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!unused) backupCodes = await newBackupCodeSet(auth, me.id);
    return c.json({ verified: true, id, ...(backupCodes ? { backupCodes } : {}) });
  });

  app.delete('/api/auth/factors/:id', async (c) => {
    const me = requireFreshSession(c);
    const id = param(c, 'id');
    const r = await db.deleteFrom('mfa_factors').where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'factor_not_found', 'No such factor');
    if (!(await auth.hasVerifiedFactor(me.id))) await db.deleteFrom('mfa_backup_codes').where('user_id', '=', me.id).execute();
    return c.json({ removed: true, id });
  });

  app.post('/api/auth/backup-codes', async (c) => {
    const me = requireFreshSession(c);
    await body(c, z.object({}));
    if (!(await auth.hasVerifiedFactor(me.id))) throw new HttpError(422, 'mfa_not_enrolled', 'Enrol an authenticator app first.');
    return c.json({ backupCodes: await newBackupCodeSet(auth, me.id) });
  });
}

async function newBackupCodeSet(auth: AuthService, userId: string): Promise<string[]> {
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
