import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, cookieFrom, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

/** A minimal OpenID Connect provider on 127.0.0.1 for the code flow with PKCE. */
function fakeProvider() {
  const app = new Hono();
  const codes = new Map<string, { nonce: string; challenge: string; sub: string; email: string }>();
  let issuer = '';
  let nextUser = { sub: 'sub-1', email: 'oidc.user@example.org' };
  app.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
    }),
  );
  app.post('/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const entry = codes.get(form.get('code') ?? '');
    if (!entry || form.get('client_id') !== 'waymark' || form.get('client_secret') !== 's3cret')
      return c.json({ error: 'invalid_grant' }, 400);
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) return c.json({ error: 'invalid_grant' }, 400);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const idToken = `${b64({ alg: 'none' })}.${b64({ iss: issuer, aud: 'waymark', sub: entry.sub, nonce: entry.nonce, email: entry.email, email_verified: true })}.`;
    return c.json({ access_token: `at-${entry.sub}`, id_token: idToken, token_type: 'Bearer' });
  });
  app.get('/userinfo', (c) => c.json({ sub: 'ignored', name: 'Olive Oidc', email: nextUser.email, email_verified: true }));
  let server: ServerType;
  return {
    async start() {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
      });
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    /** What the provider's authorize page would do after the user consents. */
    authorize(url: string) {
      const u = new URL(url);
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, { nonce: u.searchParams.get('nonce')!, challenge: u.searchParams.get('code_challenge')!, ...nextUser });
      return { code, state: u.searchParams.get('state')! };
    },
    setUser(u: { sub: string; email: string }) {
      nextUser = u;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe(`OIDC sign-in on ${TEST_DB}`, () => {
  const provider = fakeProvider();
  let t: TestApp;
  beforeAll(async () => {
    const issuer = await provider.start();
    t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'waymark', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Test SSO' });
  });
  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  async function roundTrip(redirect = '/dashboard') {
    const start = await t.app.request(`/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`);
    expect(start.status).toBe(302);
    const location = start.headers.get('location')!;
    expect(location).toContain('/authorize?');
    expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
    const stateCookie = cookieFrom(start, 'waymark_oidc')!;
    const { code, state } = provider.authorize(location);
    return { stateCookie, code, state };
  }

  it('advertises the provider', async () => {
    const cfg = (await (await t.app.request('/api/auth/config')).json()) as { oidc: { enabled: boolean; name: string } };
    expect(cfg.oidc).toEqual({ enabled: true, name: 'Test SSO' });
  });

  it('creates the account on first sign-in and reuses it next time', async () => {
    const { stateCookie, code, state } = await roundTrip('/settings/account');
    const cb = await t.app.request(`/api/auth/oidc/callback?code=${code}&state=${state}`, { headers: { cookie: stateCookie } });
    expect(cb.status).toBe(302);
    expect(cb.headers.get('location')).toBe('/callback?type=oidc&next=%2Fsettings%2Faccount');
    const session = cookieFrom(cb, 'waymark_session')!;
    const me = (await (await t.app.request('/api/_auth/session', { headers: { cookie: session } })).json()) as {
      user: { email: string; name: string; emailVerified: boolean };
    };
    expect(me.user).toMatchObject({ email: 'oidc.user@example.org', name: 'Olive Oidc', emailVerified: true });

    const again = await roundTrip();
    const cb2 = await t.app.request(`/api/auth/oidc/callback?code=${again.code}&state=${again.state}`, {
      headers: { cookie: again.stateCookie },
    });
    expect(cookieFrom(cb2, 'waymark_session')).toBeTruthy();
    const users = await t.db().selectFrom('users').select('id').where('email', '=', 'oidc.user@example.org').execute();
    expect(users).toHaveLength(1);
    const ids = await t.db().selectFrom('user_identities').selectAll().execute();
    expect(ids).toHaveLength(1);
  });

  it('3: SSO pre-hijacking: an unverified local account with the address is taken over only after the squatter is locked out', async () => {
    // The attacker registers the victim's address with a password before the victim ever signs in.
    const squat = await t.json('POST', '/api/auth/signup', { email: 'victim@example.org', password: 'attacker passphrase 99' });
    expect(squat.status).toBe(201);
    const attacker = { cookie: cookieFrom(squat, 'waymark_session')! };
    const attackerId = ((await squat.json()) as { user: { id: string } }).user.id;
    await t.json('POST', '/api/auth/tokens', { name: 'backdoor', scope: 'write', expiresInDays: null }, attacker);
    // The victim signs in with the provider, which vouches for the address.
    provider.setUser({ sub: 'sub-victim', email: 'victim@example.org' });
    const { stateCookie, code, state } = await roundTrip();
    const cb = await t.app.request(`/api/auth/oidc/callback?code=${code}&state=${state}`, { headers: { cookie: stateCookie } });
    const victim = { cookie: cookieFrom(cb, 'waymark_session')! };
    const me = (await (await t.app.request('/api/_auth/session', { headers: victim })).json()) as {
      user: { id: string; emailVerified: boolean };
    };
    expect(me.user).toMatchObject({ id: attackerId, emailVerified: true });
    // The attacker is out: session gone, password gone, personal access tokens gone.
    expect(((await (await t.app.request('/api/_auth/session', { headers: attacker })).json()) as { user: unknown }).user).toBeNull();
    expect((await t.json('POST', '/api/auth/signin', { email: 'victim@example.org', password: 'attacker passphrase 99' })).status).toBe(
      400,
    );
    expect(await t.db().selectFrom('personal_access_tokens').select('id').where('user_id', '=', attackerId).execute()).toEqual([]);
    provider.setUser({ sub: 'sub-1', email: 'oidc.user@example.org' });
  });

  it('refuses a wrong state, a missing cookie, an unknown code and an off-site redirect', async () => {
    const { stateCookie, code } = await roundTrip();
    const bad = await t.app.request(`/api/auth/oidc/callback?code=${code}&state=wrong`, { headers: { cookie: stateCookie } });
    expect(bad.headers.get('location')).toMatch(/^\/callback\?error=invalid_state/);
    expect(cookieFrom(bad, 'waymark_session')).toBeUndefined();
    const noCookie = await t.app.request(`/api/auth/oidc/callback?code=${code}&state=x`);
    expect(noCookie.headers.get('location')).toMatch(/error=invalid_state/);
    const r = await roundTrip();
    const unknown = await t.app.request(`/api/auth/oidc/callback?code=nope&state=${r.state}`, { headers: { cookie: r.stateCookie } });
    expect(unknown.headers.get('location')).toMatch(/error=token_exchange_failed/);
    const off = await roundTrip('//evil.example/x');
    const cb = await t.app.request(`/api/auth/oidc/callback?code=${off.code}&state=${off.state}`, { headers: { cookie: off.stateCookie } });
    expect(cb.headers.get('location')).toBe('/callback?type=oidc&next=%2F');
    const denied = await t.app.request('/api/auth/oidc/callback?error=access_denied&error_description=User%20said%20no');
    expect(decodeURIComponent(denied.headers.get('location')!)).toContain('User said no');
  });

  it('validates the OIDC configuration', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID must be set/);
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://x', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_ISSUER must be an http/,
    );
    expect(() => loadConfig({ OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES/);
    expect(() => loadConfig({ AUTH_RATE_ACCOUNT_MAX: '0' })).toThrow(/AUTH_RATE_ACCOUNT_MAX/);
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).OIDC_SCOPES).toBe(
      'openid email profile',
    );
  });

  it('without configuration, start and callback explain that SSO is off', async () => {
    const plain = await createTestApp();
    try {
      const r = await plain.app.request('/api/auth/oidc/start');
      expect(r.headers.get('location')).toMatch(/error=provider_disabled/);
    } finally {
      await plain.close();
    }
  });
});
