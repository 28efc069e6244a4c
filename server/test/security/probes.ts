/**
 * `npm run test:security`: the account-takeover and abuse scenarios of issue 11, played by an
 * attacker against real server processes (node server/src/main.ts on 127.0.0.1, random ports, a
 * fresh DATA_DIR), with a real SMTP server and a small OpenID Connect provider started here.
 * Exits non-zero when the attacker succeeds at anything.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { spawnServer, type ServerProcess } from '../support/process.ts';
import { startSmtp } from '../support/smtp.ts';

const PASSWORD = 'attacker knows passphrases 7';
const results: { scenario: string; ok: boolean; detail: string }[] = [];
const record = (scenario: string, attackerWon: boolean, detail: string) => {
  results.push({ scenario, ok: !attackerWon, detail });
  console.log(`${attackerWon ? 'ATTACKER WON' : 'defended   '}  ${scenario}: ${detail}`);
};

/** A browser-like client: cookie jar, csrf token, a fixed "real" IP the proxy appends. */
class Client {
  private jar = new Map<string, string>();
  private csrf = '';
  constructor(
    private readonly base: string,
    readonly ip: string,
  ) {}
  async call(method: string, pathname: string, body?: unknown, extra: Record<string, string> = {}) {
    if (method !== 'GET' && !this.csrf) {
      const r = await this.call('GET', '/api/_auth/csrf');
      this.csrf = ((await r.json()) as { token: string }).token;
    }
    const headers: Record<string, string> = { origin: this.base, 'x-forwarded-for': this.ip, ...extra };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const k = pair!.slice(0, i);
      const v = pair!.slice(i + 1);
      if (v === '' || /max-age=0/i.test(line)) this.jar.delete(k);
      else this.jar.set(k, v);
    }
    return res;
  }
  async json<T>(method: string, pathname: string, body?: unknown, extra?: Record<string, string>) {
    const res = await this.call(method, pathname, body, extra);
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }
  cookie(name: string) {
    return this.jar.get(name);
  }
}

function oidcProvider() {
  const app = new Hono();
  const codes = new Map<string, { nonce: string; challenge: string }>();
  let issuer = '';
  const user = { sub: 'victim-sub', email: 'victim.sso@corp.example' };
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
    const e = codes.get(form.get('code') ?? '');
    if (
      !e ||
      createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url') !== e.challenge
    )
      return c.json({ error: 'invalid_grant' }, 400);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return c.json({
      access_token: 'at',
      token_type: 'Bearer',
      id_token: `${b64({ alg: 'none' })}.${b64({ iss: issuer, aud: 'waymark', sub: user.sub, nonce: e.nonce, email: user.email, email_verified: true })}.`,
    });
  });
  app.get('/userinfo', (c) => c.json({ sub: user.sub, email: user.email, email_verified: true, name: 'Real Victim' }));
  let server: ServerType;
  return {
    user,
    async start() {
      await new Promise<void>((r) => (server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r())));
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return issuer;
    },
    authorize(url: string) {
      const u = new URL(url);
      const code = `c${Math.random().toString(36).slice(2)}`;
      codes.set(code, { nonce: u.searchParams.get('nonce')!, challenge: u.searchParams.get('code_challenge')! });
      return { code, state: u.searchParams.get('state')! };
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function main() {
  const smtp = await startSmtp();
  const idp = oidcProvider();
  const issuer = await idp.start();
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-sec-'));
    dirs.push(dir);
    const s = await spawnServer(
      { PORT: '0', DATA_DIR: dir, SEED_DEMO: 'false', TRUST_PROXY: 'true', AUTH_RATE_IP_MAX: '40', LOG_LEVEL: 'info', ...env },
      420_000,
    );
    servers.push(s);
    return s;
  };
  try {
    // A: the default install (no SMTP), with SSO and ADMIN_EMAIL. B: with SMTP.
    const a = await start({
      ADMIN_EMAIL: 'boss@corp.example',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'waymark',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    const b = await start({ SMTP_URL: smtp.url, ADMIN_EMAIL: 'boss@corp.example' });
    let ip = 10;
    const client = (s: ServerProcess) => new Client(s.url, `203.0.113.${ip++}`);

    // 1. Unproven addresses become verified (both delivery modes).
    for (const [label, s] of [
      ['mailbox-only', a],
      ['SMTP', b],
    ] as const) {
      const atk = client(s);
      const up = await atk.json<{ user: { emailVerified: boolean } }>('POST', '/api/auth/signup', {
        email: 'victim@corp.example',
        password: PASSWORD,
      });
      await atk.json('PUT', '/api/auth/user', { email: 'cfo@corp.example' });
      const box = await atk.json<{ messages: { links: { url: string }[] }[] }>('GET', '/api/mail/messages');
      let verified = up.body?.user?.emailVerified === true;
      for (const m of box.body?.messages ?? []) {
        for (const l of m.links) {
          const u = new URL(l.url);
          const type = u.searchParams.get('type');
          if (type) await atk.json('POST', '/api/auth/verify', { type, token: u.searchParams.get('token') });
        }
      }
      const me = await atk.json<{ user: { emailVerified: boolean; email: string } }>('GET', '/api/auth/user');
      verified ||= me.body.user.emailVerified || me.body.user.email === 'cfo@corp.example';
      record(
        `1 unproven address verified (${label})`,
        verified || (box.body?.messages.length ?? 0) > 0,
        `${box.body?.messages.length ?? '?'} message(s) in the attacker's mailbox; emailVerified=${me.body.user.emailVerified}`,
      );
    }
    if (smtp.inbox.some((m) => m.to.includes('victim@corp.example')))
      console.log('            (with SMTP the link went to victim@corp.example itself, as it should)');

    // 2. ADMIN_EMAIL handed to whoever signs up (or changes email) first.
    for (const [label, s] of [
      ['mailbox-only', a],
      ['SMTP', b],
    ] as const) {
      const atk = client(s);
      const up = await atk.json<{ user: { role: string } }>('POST', '/api/auth/signup', { email: 'boss@corp.example', password: PASSWORD });
      const other = client(s);
      await other.json('POST', '/api/auth/signup', { email: `x${Date.now()}@evil.example`, password: PASSWORD });
      await other.json('PUT', '/api/auth/user', { email: 'boss@corp.example' });
      const adminA = (await atk.call('GET', '/api/admin/users')).status;
      const adminB = (await other.call('GET', '/api/admin/users')).status;
      record(
        `2 ADMIN_EMAIL grabbed (${label})`,
        up.body?.user?.role === 'admin' || adminA === 200 || adminB === 200,
        `sign-up role ${up.body?.user?.role}; admin API ${adminA}/${adminB}`,
      );
    }

    // 3. SSO pre-hijacking.
    {
      const atk = client(a);
      await atk.json('POST', '/api/auth/signup', { email: idp.user.email, password: PASSWORD });
      const victim = client(a);
      const startRes = await victim.call('GET', '/api/auth/oidc/start?redirect=/dashboard');
      const { code, state } = idp.authorize(startRes.headers.get('location')!);
      await victim.call('GET', `/api/auth/oidc/callback?code=${code}&state=${state}`);
      const victimMe = await victim.json<{ user: { id: string } | null }>('GET', '/api/_auth/session');
      const atkSession = await atk.json<{ user: { id: string } | null }>('GET', '/api/_auth/session');
      const atkAgain = client(a);
      const relogin = await atkAgain.json('POST', '/api/auth/signin', { email: idp.user.email, password: PASSWORD });
      const won = (atkSession.body.user !== null && atkSession.body.user.id === victimMe.body.user?.id) || relogin.status === 200;
      record(
        '3 SSO pre-hijacking',
        won,
        `attacker's old session: ${atkSession.body.user ? 'alive' : 'ended'}; attacker password sign-in: ${relogin.status}`,
      );
    }

    // 4. Lock-out abuse: strangers fail many times; the owner must still get in.
    {
      const owner = client(a);
      await owner.json('POST', '/api/auth/signup', { email: 'runner@corp.example', password: 'owner has a fine passphrase' });
      const ownerAgain = await owner.json('POST', '/api/auth/signin', {
        email: 'runner@corp.example',
        password: 'owner has a fine passphrase',
      });
      let refused = 0;
      for (let i = 0; i < 4; i++) {
        const atk = client(a);
        for (let j = 0; j < 8; j++)
          if (
            (await atk.call('POST', '/api/auth/signin', { email: 'runner@corp.example', password: `guess number ${i}-${j} xx` })).status ===
            429
          )
            refused++;
      }
      const later = await owner.call('POST', '/api/auth/signin', { email: 'runner@corp.example', password: 'owner has a fine passphrase' });
      const reauth = await owner.call('POST', '/api/auth/reauthenticate', { password: 'owner has a fine passphrase' });
      record(
        '4 lock-out of the owner',
        ownerAgain.status !== 200 || later.status !== 200 || reauth.status !== 200,
        `strangers slowed ${refused}× with 429; owner sign-in ${later.status}, re-entering the password in the open session ${reauth.status}`,
      );
    }

    // 5. Proxy spoof: the attacker's own X-Forwarded-For entries must not reset the per-IP limit.
    {
      let firstRefusal = 0;
      for (let i = 1; i <= 60 && !firstRefusal; i++) {
        const c = new Client(a.url, `198.18.${i}.${i}, 192.0.2.77`); // left: forged by the attacker; right: appended by the proxy
        if ((await c.call('POST', '/api/auth/recover', { email: `nobody${i}@corp.example` })).status === 429) firstRefusal = i;
      }
      record(
        '5 X-Forwarded-For spoof',
        firstRefusal === 0,
        firstRefusal ? `refused at request ${firstRefusal} (AUTH_RATE_IP_MAX=40)` : 'never refused',
      );
    }

    // 6. Upper-case UUIDs against admin self-protection (and the last admin).
    {
      const setupUrl = /Open (http\S+\/setup\?token=\S+) to create/.exec(a.output())?.[1];
      const admin = client(a);
      if (!setupUrl) {
        record('6 id-case bypass', true, 'no setup link in the start-up log to create the first admin');
      } else {
        const token = new URL(setupUrl).searchParams.get('token');
        const made = await admin.json<{ user?: { id: string } }>('POST', '/api/auth/setup', {
          token,
          email: 'first.admin@corp.example',
          password: 'granite ridge lantern 48',
        });
        if (!made.body.user) throw new Error(`setup failed: ${made.status} ${JSON.stringify(made.body)}`);
        const id = made.body.user.id.toUpperCase();
        const demote = (await admin.call('PUT', `/api/admin/users/${id}`, { role: 'user' })).status;
        const ban = (await admin.call('PUT', `/api/admin/users/${id}`, { banned: true })).status;
        const del = (await admin.call('DELETE', `/api/admin/users/${id}`)).status;
        const still = (await admin.call('GET', '/api/admin/users')).status;
        record(
          '6 id-case bypass',
          demote === 200 || ban === 200 || del === 200 || still !== 200,
          `demote ${demote}, ban ${ban}, delete ${del}; still admin: ${still === 200}`,
        );
      }
    }
  } finally {
    for (const s of servers) await s.stop();
    await smtp.close();
    await idp.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
  const lost = results.filter((r) => !r.ok);
  console.log(
    `\nsecurity probes: ${results.length - lost.length} of ${results.length} defended${lost.length ? `; the attacker won: ${lost.map((r) => r.scenario).join(', ')}` : ''}`,
  );
  process.exit(lost.length || results.length < 8 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
