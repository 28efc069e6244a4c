import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authService } from '../src/auth/module.ts';
import { issueSetupToken } from '../src/auth/routes/setup.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { createTestApp, cookieFrom, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

const PASSWORD = 'a sturdy passphrase 42';

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

async function mailbox(t: TestApp, headers: Record<string, string>) {
  const res = await t.json('GET', '/api/mail/messages', undefined, headers);
  return ((await res.json()) as { messages: { subject: string; kind: string; links: { url: string }[] }[] }).messages;
}

/** Regression tests for issue 11 ("Accounts you can trust"), one block per item. */
describe(`accounts you can trust on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'owner@corp.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('1: a sign-up for someone else’s address is not delivered to the requester and stays unverified (mailbox-only)', async () => {
    const res = await t.json('POST', '/api/auth/signup', { email: 'victim@corp.example', password: PASSWORD });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { delivery: string; verificationSent: boolean; user: { emailVerified: boolean } };
    expect(body).toMatchObject({ delivery: 'none', verificationSent: false, user: { emailVerified: false } });
    const attacker = { cookie: cookieFrom(res, 'waymark_session')! };
    expect(await t.json('POST', '/api/auth/resend', { type: 'signup', email: 'victim@corp.example' }, attacker)).toHaveProperty(
      'status',
      200,
    );
    expect(await mailbox(t, attacker)).toEqual([]);
    // An email change to someone else's address: no link anywhere the requester can read.
    const other = await t.signIn();
    const ch = await t.json('PUT', '/api/auth/user', { email: 'ceo@corp.example' }, other.headers);
    expect(await ch.json()).toMatchObject({ emailChangeSent: false, emailChangeDelivery: 'none' });
    expect(await mailbox(t, other.headers)).toEqual([]);
    const rows = await t
      .db()
      .selectFrom('auth_tokens')
      .select('kind')
      .where('identifier', 'in', ['victim@corp.example', 'ceo@corp.example'])
      .execute();
    expect(rows).toEqual([]);
    // A link an admin hands over signs in but does not make the address "verified".
    const admin = await t.signIn({ role: 'admin' });
    const gen = (await (
      await t.json('POST', '/api/admin/generate-link', { type: 'magiclink', email: 'victim@corp.example' }, admin.headers)
    ).json()) as { link: string };
    const used = await t.json('POST', '/api/auth/verify', { type: 'magiclink', token: new URL(gen.link).searchParams.get('token') });
    expect(used.status).toBe(200);
    expect(((await used.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(false);
  });

  it('2: ADMIN_EMAIL is never granted to an unproven sign-up, at sign-up or at restart; a fresh instance prints a one-time setup link', async () => {
    const res = await t.json('POST', '/api/auth/signup', { email: 'owner@corp.example', password: PASSWORD });
    const u = ((await res.json()) as { user: { id: string; role: string } }).user;
    expect(u.role).toBe('user');
    const auth = authService(t.ctx);
    const { authModule } = await import('../src/auth/module.ts');
    await authModule.init!(t.ctx); // what a restart does
    expect((await t.db().selectFrom('users').select('role').where('id', '=', u.id).executeTakeFirstOrThrow()).role).toBe('user');
    // Proven (here: the verified flag a trusted channel sets) → promoted at the next start.
    await t.db().updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', u.id).execute();
    await authModule.init!(t.ctx);
    expect((await t.db().selectFrom('users').select('role').where('id', '=', u.id).executeTakeFirstOrThrow()).role).toBe('admin');
    expect(await issueSetupToken(auth)).toBeNull(); // an admin exists now

    const fresh = await createTestApp();
    try {
      const cfg = (await (await fresh.json('GET', '/api/auth/config')).json()) as { setupPending: boolean };
      expect(cfg.setupPending).toBe(true);
      const url = (await issueSetupToken(authService(fresh.ctx)))!;
      const token = new URL(url).searchParams.get('token')!;
      expect((await fresh.json('POST', '/api/auth/setup', { token: 'forged', email: 'root@x.example', password: PASSWORD })).status).toBe(
        400,
      );
      const ok = await fresh.json('POST', '/api/auth/setup', { token, email: 'root@x.example', password: PASSWORD, name: 'Root' });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { user: { role: string } }).user.role).toBe('admin');
      const again = await fresh.json('POST', '/api/auth/setup', { token, email: 'second@x.example', password: PASSWORD });
      expect(again.status).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('4: a stranger’s failures never stop the owner from re-entering the password in an open session', async () => {
    const u = await t.signIn();
    for (let i = 0; i < 8; i++) await t.json('POST', '/api/auth/signin', { email: u.email, password: 'not the password at all' });
    const blocked = await t.json('POST', '/api/auth/signin', { email: u.email, password: u.password });
    expect(blocked.status).toBe(429);
    const re = await t.json('POST', '/api/auth/reauthenticate', { password: u.password }, u.headers);
    expect(re.status).toBe(200);
  });

  it('5: TRUST_PROXY takes the address the proxy appended (rightmost), not the client’s own X-Forwarded-For claim', async () => {
    for (const [hops, xff, expected] of [
      ['true', '6.6.6.6, 203.0.113.9', '203.0.113.9'],
      ['2', '6.6.6.6, 198.51.100.7, 10.0.0.2', '198.51.100.7'],
    ] as const) {
      const p = await createTestApp({ TRUST_PROXY: hops });
      try {
        const u = await p.signIn();
        await p.json('POST', '/api/auth/signin', { email: u.email, password: u.password }, { 'x-forwarded-for': xff });
        const rows = await p.db().selectFrom('sessions').select('ip').where('user_id', '=', u.id).execute();
        expect(rows.map((r) => r.ip)).toContain(expected);
        expect(rows.map((r) => r.ip)).not.toContain('6.6.6.6');
      } finally {
        await p.close();
      }
    }
  });

  it('6: upper-case ids cannot bypass admin self-protection; the last admin cannot be removed by any path', async () => {
    const a = await t.signIn({ role: 'admin' });
    const up = a.id.toUpperCase();
    expect(await errorOf(await t.json('PUT', `/api/admin/users/${up}`, { role: 'user' }, a.headers))).toMatchObject({
      code: 'cannot_demote_self',
    });
    expect(await errorOf(await t.json('PUT', `/api/admin/users/${up}`, { banned: true }, a.headers))).toMatchObject({
      code: 'cannot_demote_self',
    });
    expect(await errorOf(await t.json('DELETE', `/api/admin/users/${up}`, undefined, a.headers))).toMatchObject({
      code: 'cannot_delete_self',
    });
    expect((await t.db().selectFrom('users').select('role').where('id', '=', a.id).executeTakeFirstOrThrow()).role).toBe('admin');
    // Every other admin demoted; two remaining admins demote each other at the same moment, several
    // times over. One wins; the loser is no longer an administrator, so it gets 403 — whether its own
    // demotion landed before its request was authorised or while it waited for the admins' row lock.
    await t.db().updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').where('id', '!=', a.id).execute();
    let survivor = a;
    for (let round = 0; round < 4; round++) {
      const b = await t.signIn({ role: 'admin' });
      const [x, y] = await Promise.all([
        t.json('PUT', `/api/admin/users/${b.id.toUpperCase()}`, { role: 'user' }, survivor.headers),
        t.json('PUT', `/api/admin/users/${survivor.id}`, { role: 'user' }, b.headers),
      ]);
      const [win, lose] = x.status === 200 ? [x, y] : [y, x];
      expect(win.status).toBe(200);
      expect(lose.status).toBe(403);
      expect(await errorOf(lose)).toMatchObject({ code: 'forbidden' });
      const admins = await t.db().selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      survivor = admins[0]!.id === b.id ? b : survivor;
    }
  });

  it('7: concurrent identical creations are one 201 and 409s, never a 500', async () => {
    const admin = await t.signIn({ role: 'admin' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.json('POST', '/api/admin/users', { email: 'race@example.org', password: PASSWORD }, admin.headers)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const invites = await Promise.all(
      Array.from({ length: 4 }, () => t.json('POST', '/api/admin/invite', { email: 'race2@example.org' }, admin.headers)),
    );
    expect(invites.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const signups = await Promise.all(
      Array.from({ length: 4 }, () => t.json('POST', '/api/auth/signup', { email: 'race3@example.org', password: PASSWORD })),
    );
    expect(signups.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('8: Strict-Transport-Security when PUBLIC_URL is https, not otherwise', async () => {
    expect((await t.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const s = await createTestApp({ PUBLIC_URL: 'https://maps.example.org' });
    try {
      expect((await s.app.request('/api/health')).headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    } finally {
      await s.close();
    }
  });

  it('9: a stale PGlite lock whose pid now belongs to another process does not block start-up', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-lock-'));
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      // A crashed Waymark left its lock; its pid was reused by an unrelated, newer process.
      fs.writeFileSync(path.join(dir, 'waymark.lock'), `${other.pid}\n`);
      fs.utimesSync(path.join(dir, 'waymark.lock'), new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
      const release = lockDataDir(dir);
      release();
      // A live holder that was running when it wrote the lock still refuses a second opener.
      await new Promise((r) => setTimeout(r, 50));
      fs.writeFileSync(path.join(dir, 'waymark.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(/already in use/);
    } finally {
      other.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`token API on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const grant = (body: Record<string, unknown>) =>
    t.app.request('/api/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bearer = (token: string, pathname = '/api/auth/user', init: RequestInit = {}) =>
    t.app.request(pathname, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

  it('password grant → ES256 access token (verifiable with the JWKS) + refresh token; bearer requests need no CSRF', async () => {
    const u = await t.signIn();
    const res = await grant({ grant_type: 'password', email: u.email, password: u.password });
    expect(res.status).toBe(200);
    const tok = (await res.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      expires_at: number;
      token_type: string;
      user: { id: string };
    };
    expect(tok).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: u.id } });
    const jwks = await t.app.request('/.well-known/jwks.json');
    expect(jwks.headers.get('cache-control')).toContain('max-age=600');
    const { payload, protectedHeader } = await jwtVerify(tok.access_token, createLocalJWKSet((await jwks.json()) as never), {
      issuer: t.config.publicUrl,
      audience: 'waymark',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(u.id);
    expect(((await (await bearer(tok.access_token)).json()) as { user: { id: string } }).user.id).toBe(u.id);
    // A write with only the bearer token (no cookie, no CSRF token), even with a browser Origin.
    const put = await bearer(tok.access_token, '/api/auth/user', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'Via Token' }),
    });
    expect(put.status).toBe(200);
    // Form-encoded works too (OAuth 2.0 style); wrong password is 400; a forged token is 401.
    const form = await t.app.request('/api/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: u.email, password: u.password }).toString(),
    });
    expect(form.status).toBe(200);
    expect((await grant({ grant_type: 'password', email: u.email, password: 'wrong wrong wrong' })).status).toBe(400);
    const [h, p] = tok.access_token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${tok.access_token.split('.')[2]}`;
    expect(void p, 'unused').toBeUndefined();
    expect((await bearer(forged)).status).toBe(401);
    expect((await bearer('garbage-token-value')).status).toBe(401);
    // A bad bearer never falls back to a cookie.
    const withCookie = await t.app.request('/api/auth/user', {
      headers: { authorization: 'Bearer nope.nope.nope', cookie: u.headers.cookie! },
    });
    expect(withCookie.status).toBe(401);
  });

  it('refresh rotates; a reused refresh token revokes its family; tokens are listed as sessions and die with sign-out everywhere', async () => {
    const u = await t.signIn();
    const first = (await (await grant({ grant_type: 'password', email: u.email, password: u.password })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const second = (await (await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await bearer(second.access_token)).status).toBe(200);
    // Reuse of the rotated token: the whole family (session) ends, also the newest tokens.
    const reuse = await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await errorOf(reuse)).code).toBe('invalid_grant');
    expect((await bearer(second.access_token)).status).toBe(401);
    expect((await grant({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).status).toBe(400);

    const third = (await (await grant({ grant_type: 'password', email: u.email, password: u.password })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const list = (await (await t.json('GET', '/api/auth/sessions', undefined, u.headers)).json()) as { sessions: { kind: string }[] };
    expect(list.sessions.map((s) => s.kind).sort()).toEqual(['browser', 'token']);
    await t.json('POST', '/api/auth/signout', { scope: 'global' }, u.headers);
    expect((await bearer(third.access_token)).status).toBe(401);
    expect((await grant({ grant_type: 'refresh_token', refresh_token: third.refresh_token })).status).toBe(400);
  });

  it('expired access tokens are refused; the MFA challenge is part of the password grant', async () => {
    const u = await t.signIn();
    const tok = (await (await grant({ grant_type: 'password', email: u.email, password: u.password })).json()) as { access_token: string };
    const auth = authService(t.ctx);
    const claims = await auth.keys.verify(tok.access_token, auth.bearer.expected());
    const expired = await auth.keys.sign({ ...claims!, iat: claims!.iat - 7200, exp: Math.floor(Date.now() / 1000) - 1 });
    expect((await bearer(expired)).status).toBe(401);

    const enrol = (await (await t.json('POST', '/api/auth/factors', {}, u.headers)).json()) as { id: string; totp: { secret: string } };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrol.totp.secret), digits: 6, period: 30 });
    const v = (await (await t.json('POST', `/api/auth/factors/${enrol.id}/verify`, { code: totp.generate() }, u.headers)).json()) as {
      backupCodes: string[];
    };
    const need = await grant({ grant_type: 'password', email: u.email, password: u.password });
    expect(need.status).toBe(400);
    const e = (await need.json()) as { error: { code: string } };
    expect(e.error.code).toBe('mfa_required');
    expect((await grant({ grant_type: 'password', email: u.email, password: u.password, mfa_code: '000000' })).status).toBe(400);
    const ok = await grant({ grant_type: 'password', email: u.email, password: u.password, mfa_code: v.backupCodes[0] });
    expect(ok.status).toBe(200);
  });

  it('personal access tokens: shown once, read-only scope enforced, expiring, revocable; a PAT cannot mint PATs', async () => {
    const u = await t.signIn();
    const made = await t.json('POST', '/api/auth/tokens', { name: 'watch sync', scope: 'read', expiresInDays: 30 }, u.headers);
    expect(made.status).toBe(201);
    const { token, pat } = (await made.json()) as { token: string; pat: { id: string; expiresAt: string } };
    expect(token).toMatch(/^wmk_pat_/);
    expect(Date.parse(pat.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const listed = (await (await t.json('GET', '/api/auth/tokens', undefined, u.headers)).json()) as { tokens: Record<string, unknown>[] };
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await bearer(token)).status).toBe(200);
    const write = await bearer(token, '/api/auth/user', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(write.status).toBe(403);
    expect((await errorOf(write)).code).toBe('insufficient_scope');
    const rw = (await (
      await t.json('POST', '/api/auth/tokens', { name: 'cli', scope: 'write', expiresInDays: null }, u.headers)
    ).json()) as { token: string; pat: { id: string } };
    expect(
      (
        await bearer(rw.token, '/api/auth/user', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"by cli"}',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await bearer(rw.token, '/api/auth/tokens', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"x","scope":"write","expiresInDays":1}',
        })
      ).status,
    ).toBe(403);
    // Password changes need a fresh browser sign-in, never a PAT.
    expect(
      (
        await bearer(rw.token, '/api/auth/user', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{"password":"a brand new passphrase"}',
        })
      ).status,
    ).toBe(403);
    await t
      .db()
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', pat.id)
      .execute();
    expect((await bearer(token)).status).toBe(401);
    expect((await t.json('DELETE', `/api/auth/tokens/${rw.pat.id}`, undefined, u.headers)).status).toBe(200);
    expect((await bearer(rw.token)).status).toBe(401);
    // Another user cannot revoke or see them.
    const other = await t.signIn();
    expect((await t.json('DELETE', `/api/auth/tokens/${rw.pat.id}`, undefined, other.headers)).status).toBe(404);
    expect((await t.json('POST', '/api/auth/tokens', { name: '', scope: 'admin', expiresInDays: 0 }, u.headers)).status).toBe(400);
    expect((await t.json('GET', '/api/auth/tokens')).status).toBe(401);
  });
});
