import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, authModule } from '../src/auth/module.ts';
import { createTestApp, cookieFrom, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';

const PASSWORD = 'a sturdy passphrase 42';
const MISSING = 'You must provide either an email or phone number and a password';

async function expectError(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  if (code) expect(body.error.code).toBe(code);
  return body.error as { code: string; message: string; details?: Record<string, unknown> };
}

async function messagesOf(t: TestApp, headers: Record<string, string>) {
  const res = await t.json('GET', '/api/mail/messages', undefined, headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { id: string; subject: string; body: string; links: { url: string }[]; channel: string }[] })
    .messages;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** GET /api/_auth/session for these headers: the user, or null when signed out. */
async function sessionUser(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.json('GET', '/api/_auth/session', undefined, headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string; email: string } | null }).user;
}

// Mail goes out by SMTP here (a real SMTP server started by the test); mailbox-only delivery is
// covered in auth-trust.db.test.ts.
describe(`auth on ${TEST_DB}`, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ AUTH_RATE_ACCOUNT_MAX: '5', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('GET /api/_auth/session answers 200 with nulls when signed out (not an error); DELETE succeeds anyway', async () => {
    const res = await t.json('GET', '/api/_auth/session');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null, session: null });
    expect((await t.json('DELETE', '/api/_auth/session')).status).toBe(200);
  });

  it('refuses sign-up and sign-in without email/phone or password with the exact message', async () => {
    for (const path of ['/api/auth/signup', '/api/auth/signin']) {
      for (const b of [{}, { password: PASSWORD }, { email: 'x@example.org' }, { phone: '+447700900123' }]) {
        const e = await expectError(await t.json('POST', path, b), 400);
        expect(e.message).toBe(MISSING);
      }
    }
  });

  it('validates email, phone, lengths and JSON types with 4xx JSON errors', async () => {
    await expectError(await t.json('POST', '/api/auth/signup', { email: 'not-an-email', password: PASSWORD }), 400, 'validation_error');
    await expectError(await t.json('POST', '/api/auth/signup', { phone: '12', password: PASSWORD }), 400, 'validation_error');
    await expectError(
      await t.json('POST', '/api/auth/signup', { email: `${'a'.repeat(250)}@example.org`, password: PASSWORD }),
      400,
      'validation_error',
    );
    await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'ok@example.org', password: PASSWORD, name: 'n'.repeat(101) }),
      400,
      'validation_error',
    );
    await expectError(await t.json('POST', '/api/auth/signup', { email: 42, password: PASSWORD }), 400, 'validation_error');
    await expectError(await t.json('POST', '/api/auth/signup', { email: 'ok@example.org', password: ['x'] }), 400, 'validation_error');
    await expectError(await t.json('POST', '/api/auth/signup', [1, 2]), 400, 'validation_error');
    await expectError(await t.json('POST', '/api/auth/signup', '{"email":'), 400, 'invalid_json');
    await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'ok@example.org', password: PASSWORD, remember: 'yes' }),
      400,
      'validation_error',
    );
    // text PostgreSQL cannot store as sent: NUL (was a 500) and a lone surrogate (was stored as U+FFFD)
    const nul = await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'ok@example.org', password: PASSWORD, name: 'a\u0000b' }),
      400,
      'validation_error',
    );
    expect(nul.message).toBe('Invalid request: name: must not contain NUL characters or unpaired surrogates');
    await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'ok@example.org', password: PASSWORD, name: 'half \uD83C pair' }),
      400,
      'validation_error',
    );
    await expectError(await t.json('GET', '/api/admin/users?q=%00'), 400, 'validation_error');
    const rows = await t.db().selectFrom('users').select('id').execute();
    expect(rows).toHaveLength(0);
  });

  it('enforces the password policy with weak_password reasons', async () => {
    const short = await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'p@example.org', password: 'kx9#Tq' }),
      422,
      'weak_password',
    );
    expect(short.details?.reasons).toEqual(['length']);
    const long = await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'p@example.org', password: 'x'.repeat(129) + 'yz' }),
      422,
      'weak_password',
    );
    expect(long.details?.reasons).toContain('length');
    const pwned = await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'p@example.org', password: 'qwerty123456' }),
      422,
      'weak_password',
    );
    expect(pwned.details?.reasons).toEqual(['pwned']);
    // 128 characters are allowed, no composition rules.
    const ok = await t.json('POST', '/api/auth/signup', { email: 'p@example.org', password: 'abc def ghi '.repeat(10) + 'abcdefgh' });
    expect(ok.status).toBe(201);
  });

  it('signs up by email, emails a verification link by SMTP (not to the own mailbox), verifies', async () => {
    const res = await t.json('POST', '/api/auth/signup', { email: 'Alice@Example.org', password: PASSWORD, name: 'Alice' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { email: string; emailVerified: boolean; role: string }; delivery: string };
    expect(body.user).toMatchObject({ email: 'alice@example.org', emailVerified: false, role: 'user' });
    expect(body.delivery).toBe('smtp');
    const cookie = cookieFrom(res, 'waymark_session')!;
    expect(res.headers.getSetCookie().join('\n')).toMatch(/waymark_session=[^;]+;.*HttpOnly/i);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/SameSite=Lax/i);
    // Without remember me: a browser-session cookie (no Max-Age), 12 h absolute server-side.
    expect(res.headers.getSetCookie().find((l) => l.startsWith('waymark_session='))).not.toMatch(/Max-Age/i);
    const session = (await (await t.json('GET', '/api/_auth/session', undefined, { cookie })).json()) as {
      session: { expiresAt: string; createdAt: string };
    };
    const ms = Date.parse(session.session.expiresAt) - Date.parse(session.session.createdAt);
    expect(Math.abs(ms - 12 * 3600_000)).toBeLessThan(5000);

    // The link went to the address; the requester's own in-app mailbox stays empty.
    expect(await messagesOf(t, { cookie })).toHaveLength(0);
    const mail = await smtp.waitFor('alice@example.org', /Confirm your email/);
    const link = mail.links.find((l) => l.includes('/callback?type=signup'))!;
    expect(link).toMatch(/\/callback\?type=signup&token=/);
    const v = await t.json('POST', '/api/auth/verify', { type: 'signup', token: tokenOf(link) });
    expect(v.status).toBe(200);
    const again = await t.json('POST', '/api/auth/verify', { type: 'signup', token: tokenOf(link) });
    await expectError(again, 400, 'otp_expired');
    const me = (await (await t.json('GET', '/api/auth/user', undefined, { cookie })).json()) as { user: { emailVerified: boolean } };
    expect(me.user.emailVerified).toBe(true);
  });

  it('refuses a duplicate account', async () => {
    await expectError(
      await t.json('POST', '/api/auth/signup', { email: 'alice@example.org', password: PASSWORD }),
      409,
      'user_already_exists',
    );
  });

  it("signs up and in by phone; an SMS code reaches only the mailbox of the number's proven owner", async () => {
    const res = await t.json('POST', '/api/auth/signup', { phone: '+44 7700 900123', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { delivery: string }).delivery).toBe('none');
    const cookie = cookieFrom(res, 'waymark_session')!;
    // No SMS gateway and nobody has proven the number: no code lands in the requester's own mailbox.
    expect(await messagesOf(t, { cookie })).toHaveLength(0);
    const signin = await t.json('POST', '/api/auth/signin', { phone: '+447700900123', password: PASSWORD });
    expect(signin.status).toBe(200);
    // Once the number is proven (here: by an admin), codes for it reach its owner's mailbox and work.
    await t.db().updateTable('users').set({ phone_verified_at: new Date() }).where('phone', '=', '+447700900123').execute();
    expect((await t.json('POST', '/api/auth/otp', { phone: '+447700900123' })).status).toBe(200);
    const [sms] = await messagesOf(t, { cookie });
    expect(sms!.channel).toBe('sms');
    const code = /(\d{6})/.exec(sms!.body)![1]!;
    await expectError(
      await t.json('POST', '/api/auth/verify', { type: 'sms', phone: '+447700900123', code: '000000' === code ? '111111' : '000000' }),
      400,
      'otp_invalid',
    );
    const ok = await t.json('POST', '/api/auth/verify', { type: 'sms', phone: '+447700900123', code }, { cookie });
    expect(ok.status).toBe(200);
  });

  it('remember me sets a 30-day cookie', async () => {
    const res = await t.json('POST', '/api/auth/signin', { email: 'alice@example.org', password: PASSWORD, remember: true });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('waymark_session='))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(line)![1]);
    expect(Math.abs(maxAge - 30 * 24 * 3600)).toBeLessThan(10);
  });

  it('ends a session at its absolute limit and renews remembered sessions while used (rolling)', async () => {
    const u = await t.signIn();
    // Browser session: expired at its 12 h limit → 401 and the cookie is cleared.
    await t
      .db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.id)
      .execute();
    const gone = await t.json('GET', '/api/_auth/session', undefined, u.headers);
    expect(((await gone.json()) as { user: unknown }).user).toBeNull();
    expect(gone.headers.getSetCookie().join('\n')).toMatch(/waymark_session=;/);
    // Also on a route that refuses it: the 401 thrown by the handler keeps the middleware's Set-Cookie.
    const refused = await t.json('GET', '/api/routes', undefined, u.headers);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().join('\n')).toMatch(/waymark_session=;/);
    // Browser sessions are not extended by use.
    const fresh = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password });
    const cookie = { cookie: cookieFrom(fresh, 'waymark_session')! };
    const before = await t.db().selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    await t
      .db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000) })
      .where('id', '=', before.id)
      .execute();
    await t.json('GET', '/api/_auth/session', undefined, cookie);
    const after = await t
      .db()
      .selectFrom('sessions')
      .select(['expires_at', 'last_seen_at'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(new Date(after.expires_at).getTime()).toBe(new Date(before.expires_at).getTime());
    expect(Date.now() - new Date(after.last_seen_at).getTime()).toBeLessThan(10_000);
    // Remembered: 30 days from the last use.
    const rem = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password, remember: true });
    const remCookie = { cookie: cookieFrom(rem, 'waymark_session')! };
    const sid = ((await rem.json()) as { session: { id: string } }).session.id;
    await t
      .db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000), expires_at: new Date(Date.now() + 3600_000) })
      .where('id', '=', sid)
      .execute();
    const touched = await t.json('GET', '/api/_auth/session', undefined, remCookie);
    expect(touched.status).toBe(200);
    expect(touched.headers.getSetCookie().join('\n')).toMatch(/waymark_session=.*Max-Age=259\d{4}/);
    const renewed = await t.db().selectFrom('sessions').select('expires_at').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(new Date(renewed.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('answers recovery the same whether or not the account exists, and resets by the mailed link', async () => {
    const a = await t.json('POST', '/api/auth/recover', { email: 'alice@example.org' });
    const b = await t.json('POST', '/api/auth/recover', { email: 'nobody@example.org' });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
    // Cooldown: a second request within 60 s is 429 with Retry-After.
    const c = await t.json('POST', '/api/auth/recover', { email: 'nobody@example.org' });
    expect(c.status).toBe(429);
    expect(Number(c.headers.get('retry-after'))).toBeGreaterThan(0);

    const mail = await smtp.waitFor('alice@example.org', /Reset your Waymark password/);
    const token = tokenOf(mail.links.find((l) => l.includes('/reset-password'))!);
    await expectError(await t.json('POST', '/api/auth/reset-password', { token, password: 'password' }), 422, 'weak_password');
    const reset = await t.json('POST', '/api/auth/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    await expectError(
      await t.json('POST', '/api/auth/signin', { email: 'alice@example.org', password: PASSWORD }),
      400,
      'invalid_credentials',
    );
    expect((await t.json('POST', '/api/auth/signin', { email: 'alice@example.org', password: 'a brand new passphrase' })).status).toBe(200);
  });

  it('signs in by email OTP and by magic link', async () => {
    const u = await t.signIn();
    expect((await t.json('POST', '/api/auth/otp', { email: u.email })).status).toBe(200);
    const mail = await messagesOf(t, u.headers);
    const m = mail.find((x) => x.subject.includes('sign-in link'))!;
    const code = /code is (\d{6})/.exec(m.body)![1]!;
    const byCode = await t.json('POST', '/api/auth/verify', { type: 'email', email: u.email, code });
    expect(byCode.status).toBe(200);
    expect(cookieFrom(byCode, 'waymark_session')).toBeTruthy();
    const byLink = await t.json('POST', '/api/auth/verify', { type: 'magiclink', token: tokenOf(m.links[0]!.url) });
    expect(byLink.status).toBe(200);
    expect(cookieFrom(byLink, 'waymark_session')).toBeTruthy();
    // Resend cooldown.
    const again = await t.json('POST', '/api/auth/otp', { email: u.email });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
  });

  it('slows down repeated failed sign-ins per account and client (429 + Retry-After), without locking the owner out', async () => {
    const u = await t.signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.json('POST', '/api/auth/signin', { email: u.email, password: 'wrong password here' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const slowed = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await slowed.json()) as { error: { code: string } }).error.code).toBe('over_request_rate_limit');
    // The owner's browser (its device cookie from an earlier sign-in) is a different client: not slowed.
    const owner = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password }, { cookie: u.device! });
    expect(owner.status).toBe(200);
  });

  it('rate-limits per IP', async () => {
    const t2 = await createTestApp({ AUTH_RATE_IP_MAX: '3' });
    try {
      const s: number[] = [];
      for (let i = 0; i < 4; i++) s.push((await t2.json('POST', '/api/auth/recover', { email: `x${i}@example.org` })).status);
      expect(s).toEqual([200, 200, 200, 429]);
    } finally {
      await t2.close();
    }
  });

  it('requires CSRF token and same origin on unsafe API requests', async () => {
    const u = await t.signIn();
    const noToken = await t.app.request('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: u.headers.cookie! },
      body: '{}',
    });
    await expectError(noToken, 403, 'csrf_token_invalid');
    const { token, cookie } = await t.csrf();
    const wrong = await t.app.request('/api/auth/signout', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        cookie: `${u.headers.cookie}; ${cookie}`,
        'x-csrf-token': `${token}x`,
      },
      body: '{}',
    });
    await expectError(wrong, 403, 'csrf_token_invalid');
    const cross = await t.json('POST', '/api/auth/signout', {}, { ...u.headers, origin: 'https://evil.example' });
    await expectError(cross, 403, 'csrf_origin_mismatch');
    expect((await t.json('GET', '/api/_auth/session', undefined, u.headers)).status).toBe(200);
  });

  it('lists sessions and signs out others, one, or all; A cannot touch B', async () => {
    const a = await t.signIn();
    const a2 = await t.json(
      'POST',
      '/api/auth/signin',
      { email: a.email, password: a.password },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
    );
    const a2cookie = { cookie: cookieFrom(a2, 'waymark_session')! };
    const b = await t.signIn();
    const list = (await (await t.json('GET', '/api/auth/sessions', undefined, a.headers)).json()) as {
      sessions: { id: string; current: boolean; device: string; ip: string; createdAt: string; lastSeenAt: string }[];
    };
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.sessions.map((s) => s.device)).toContain('Firefox on Linux');
    for (const s of list.sessions)
      expect(s).toMatchObject({ ip: expect.any(String), createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    // B cannot end A's session nor see them.
    const bList = (await (await t.json('GET', '/api/auth/sessions', undefined, b.headers)).json()) as { sessions: { id: string }[] };
    expect(bList.sessions.map((s) => s.id)).not.toContain(list.sessions[0]!.id);
    await expectError(await t.json('DELETE', `/api/auth/sessions/${list.sessions[0]!.id}`, undefined, b.headers), 404, 'session_not_found');
    await expectError(await t.json('DELETE', '/api/auth/sessions/not-a-uuid', undefined, b.headers), 400, 'validation_error');
    // A: sign out others.
    const out = await t.json('POST', '/api/auth/signout', { scope: 'others' }, a.headers);
    expect(((await out.json()) as { sessionsEnded: number }).sessionsEnded).toBe(1);
    expect(await sessionUser(t, a2cookie)).toBeNull();
    expect(await sessionUser(t, a.headers)).not.toBeNull();
    // A: global.
    await t.json('POST', '/api/auth/signout', { scope: 'global' }, a.headers);
    expect(await sessionUser(t, a.headers)).toBeNull();
    await expectError(await t.json('POST', '/api/auth/signout', { scope: 'everything' }, b.headers), 400, 'validation_error');
  });

  it('keeps mailboxes private', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.json('POST', '/api/auth/otp', { email: a.email });
    const [msg] = await messagesOf(t, a.headers);
    expect(msg).toBeTruthy();
    await expectError(await t.json('GET', `/api/mail/messages/${msg!.id}`, undefined, b.headers), 404);
    expect(await messagesOf(t, b.headers)).toHaveLength(0);
    expect((await t.json('GET', `/api/mail/messages/${msg!.id}`, undefined, a.headers)).status).toBe(200);
    await expectError(await t.json('GET', '/api/mail/messages/123', undefined, a.headers), 400, 'validation_error');
    await expectError(await t.json('GET', '/api/mail/messages'), 401);
  });

  it('enrols TOTP, challenges at sign-in, accepts a backup code once, removes the factor', async () => {
    const u = await t.signIn();
    const enrol = await t.json('POST', '/api/auth/factors', { friendlyName: 'Phone' }, u.headers);
    expect(enrol.status).toBe(201);
    const f = (await enrol.json()) as { id: string; totp: { secret: string; uri: string; qrCode: string } };
    expect(f.totp.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(f.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(f.totp.secret), digits: 6, period: 30 });
    await expectError(
      await t.json('POST', `/api/auth/factors/${f.id}/verify`, { code: '12345' }, u.headers),
      400,
      'mfa_verification_failed',
    );
    const verified = await t.json('POST', `/api/auth/factors/${f.id}/verify`, { code: totp.generate() }, u.headers);
    expect(verified.status).toBe(200);
    const { backupCodes } = (await verified.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);

    const first = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password });
    const ch = (await first.json()) as { mfaRequired: boolean; challengeId: string };
    expect(ch.mfaRequired).toBe(true);
    expect(cookieFrom(first, 'waymark_session')).toBeUndefined();
    await expectError(
      await t.json('POST', '/api/auth/mfa/challenge', { challengeId: ch.challengeId, code: '000000' }),
      400,
      'mfa_verification_failed',
    );
    const ok = await t.json('POST', '/api/auth/mfa/challenge', { challengeId: ch.challengeId, code: backupCodes[0] });
    expect(ok.status).toBe(200);
    expect(cookieFrom(ok, 'waymark_session')).toBeTruthy();
    const ch2 = (await (await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password })).json()) as {
      challengeId: string;
    };
    await expectError(await t.json('POST', '/api/auth/mfa/challenge', { challengeId: ch2.challengeId, code: backupCodes[0] }), 400);

    const del = await t.json('DELETE', `/api/auth/factors/${f.id}`, undefined, u.headers);
    expect(del.status).toBe(200);
    const plain = (await (await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password })).json()) as {
      mfaRequired?: boolean;
    };
    expect(plain.mfaRequired).toBeUndefined();
  });

  it('requires a sign-in within 10 minutes for sensitive changes', async () => {
    const u = await t.signIn();
    await t
      .db()
      .updateTable('sessions')
      .set({ authenticated_at: new Date(Date.now() - 11 * 60_000) })
      .execute();
    await expectError(
      await t.json('PUT', '/api/auth/user', { password: 'another fine passphrase' }, u.headers),
      403,
      'reauthentication_needed',
    );
    await expectError(await t.json('POST', '/api/auth/factors', {}, u.headers), 403, 'reauthentication_needed');
    expect((await t.json('PUT', '/api/auth/user', { name: 'New Name' }, u.headers)).status).toBe(200);
    await expectError(await t.json('PUT', '/api/auth/user', { name: 'New\u0000Name' }, u.headers), 400, 'validation_error');
    await expectError(
      await t.json('POST', '/api/auth/reauthenticate', { password: 'nope nope nope' }, u.headers),
      400,
      'invalid_credentials',
    );
    expect((await t.json('POST', '/api/auth/reauthenticate', { password: u.password }, u.headers)).status).toBe(200);
    expect((await t.json('PUT', '/api/auth/user', { password: 'another fine passphrase' }, u.headers)).status).toBe(200);
    // Email change goes to the new address and applies after confirmation.
    const ch = await t.json('PUT', '/api/auth/user', { email: 'renamed@example.org' }, u.headers);
    expect(((await ch.json()) as { emailChangeSent: boolean }).emailChangeSent).toBe(true);
    const msg = await smtp.waitFor('renamed@example.org', /Confirm your new email/);
    expect(
      (
        await t.json('POST', '/api/auth/verify', {
          type: 'email_change',
          token: tokenOf(msg.links.find((l) => l.includes('email_change'))!),
        })
      ).status,
    ).toBe(200);
    const me = (await (await t.json('GET', '/api/auth/user', undefined, u.headers)).json()) as { user: { email: string } };
    expect(me.user.email).toBe('renamed@example.org');
  });

  it('puts a working csrf token in a <meta> tag of index.html', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>W</title></head><body></body></html>');
    const t3 = await createTestApp({ WEB_DIST: dir });
    try {
      const page = await t3.app.request('/', { headers: { accept: 'text/html' } });
      const html = await page.text();
      const token = /<meta name="csrf-token" content="([^"]+)">/.exec(html)![1]!;
      const cookie = cookieFrom(page, 'waymark_csrf')!;
      expect(cookie).toBeTruthy();
      const post = (h: Record<string, string>) =>
        t3.app.request('/api/auth/recover', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t3.config.publicUrl, ...h },
          body: '{"email":"z@example.org"}',
        });
      expect((await post({ cookie, 'x-csrf-token': token })).status).toBe(200);
      expect((await post({ cookie })).status).toBe(403);
      expect((await post({ 'x-csrf-token': token })).status).toBe(403);
    } finally {
      await t3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds the documented demo accounts idempotently', async () => {
    await authModule.seed!(t.ctx);
    await authModule.seed!(t.ctx);
    for (const a of DEMO_ACCOUNTS) {
      const res = await t.json('POST', '/api/auth/signin', { email: a.email, password: a.password });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe(a.role);
    }
  });
});
