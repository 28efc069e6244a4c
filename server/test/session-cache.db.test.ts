// The in-memory session cache (server/src/auth/session-cache.ts) against the real database: every
// change to a session, its user or their second factors — by the app, by plain SQL, by another
// server process — is seen on the very next request. On PostgreSQL, two real server processes
// share one database: a session ended through one is refused by the other on its next request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/crypto.ts';
import { authService } from '../src/auth/module.ts';
import { AUTH_CHANNEL } from '../src/auth/session-cache.ts';
import { NOTIFY_APPLICATION_NAME } from '../src/db/notify.ts';
import { cookieFrom, createTestApp, type TestApp } from './support/app.ts';
import { TEST_DB, createTestDatabase, type TestDatabase } from './support/db.ts';
import { spawnServer, type ServerProcess } from './support/process.ts';

interface SessionBody {
  user: { id: string; name: string; role: string; factors: { friendlyName: string }[] };
  session: { id: string; lastSeenAt: string };
}

describe(`session cache on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const session = (headers: Record<string, string>) => t.json('GET', '/api/_auth/session', undefined, headers);
  const cache = () => authService(t.ctx).sessions;

  it('listens for changes and serves repeat requests of a session from memory', async () => {
    expect(cache().active).toBe(true);
    const u = await t.signIn();
    // The sign-in's own writes notify too; on PostgreSQL their notifications may still be on the way,
    // and a lookup that a change overtakes does not store what it read. Let them arrive first.
    await t.ctx.database.notifications.fence();
    const before = cache().size;
    expect(await state(session(u.headers))).toBe('signed in');
    expect(cache().size).toBe(before + 1);
    // Memory, not the database: with the change triggers switched off, a rename goes unseen…
    await sqlExec(t, 'alter table users disable trigger users_changed');
    try {
      await t.db().updateTable('users').set({ name: 'Renamed Quietly' }).where('id', '=', u.id).execute();
      expect(((await (await session(u.headers)).json()) as SessionBody).user.name).not.toBe('Renamed Quietly');
    } finally {
      await sqlExec(t, 'alter table users enable trigger users_changed');
    }
    // …and with them on, the next request sees it.
    await t.db().updateTable('users').set({ name: 'Renamed Loudly' }).where('id', '=', u.id).execute();
    expect(((await (await session(u.headers)).json()) as SessionBody).user.name).toBe('Renamed Loudly');
  });

  it('refuses a session on the request after it was deleted, expired, banned or truncated by plain SQL', async () => {
    const cases: [string, (id: string) => Promise<unknown>][] = [
      ['deleted', (id) => t.db().deleteFrom('sessions').where('user_id', '=', id).execute()],
      [
        'expired',
        (id) =>
          t
            .db()
            .updateTable('sessions')
            .set({ expires_at: new Date(Date.now() - 1000) })
            .where('user_id', '=', id)
            .execute(),
      ],
      ['banned', (id) => t.db().updateTable('users').set({ banned: true }).where('id', '=', id).execute()],
      ['user deleted', (id) => t.db().deleteFrom('users').where('id', '=', id).execute()],
      ['sessions truncated', () => sqlExec(t, 'truncate sessions cascade')],
    ];
    for (const [what, change] of cases) {
      const u = await t.signIn();
      expect(await state(session(u.headers)), what).toBe('signed in');
      expect(await state(session(u.headers)), what).toBe('signed in'); // now cached
      await change(u.id);
      expect(await state(session(u.headers)), what).toBe('signed out');
    }
  });

  it('shows a role change and a new second factor on the next request', async () => {
    const u = await t.signIn();
    expect((await t.json('GET', '/api/admin/users', undefined, u.headers)).status).toBe(403);
    await t.db().updateTable('users').set({ role: 'admin' }).where('id', '=', u.id).execute();
    expect((await t.json('GET', '/api/admin/users', undefined, u.headers)).status).toBe(200);
    expect(((await (await session(u.headers)).json()) as SessionBody).user.factors).toEqual([]);
    await t
      .db()
      .insertInto('mfa_factors')
      .values({ user_id: u.id, secret: 'JBSWY3DPEHPK3PXP', friendly_name: 'Phone', status: 'verified' })
      .execute();
    expect(((await (await session(u.headers)).json()) as SessionBody).user.factors.map((f) => f.friendlyName)).toEqual(['Phone']);
  });

  it('writes "last seen" once for a burst of requests of one session, and never for an unknown cookie', async () => {
    const u = await t.signIn();
    const { session: s } = (await (await session(u.headers)).json()) as SessionBody;
    await t
      .db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000) })
      .where('id', '=', s.id)
      .execute();
    // The notification of that UPDATE must not count as one of the burst's: let it arrive first.
    await t.ctx.database.notifications.fence();
    const seen: string[] = [];
    const stop = await t.ctx.database.notifications.listen(AUTH_CHANNEL, (p) => seen.push(p));
    try {
      const burst = await Promise.all(Array.from({ length: 20 }, () => session(u.headers)));
      expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
      await t.ctx.database.notifications.fence();
      expect(seen.filter((p) => p === `s:${s.id}`)).toHaveLength(1); // one UPDATE of the session row
      const row = await t.db().selectFrom('sessions').select('last_seen_at').where('id', '=', s.id).executeTakeFirstOrThrow();
      expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(10_000);
      const size = cache().size;
      const stranger = await session({ cookie: 'waymark_session=not-a-real-token' });
      expect(await state(stranger)).toBe('signed out');
      expect(cache().size).toBe(size);
    } finally {
      stop();
    }
  });
});

/** What GET /api/_auth/session says: signed out is a 200 with `user: null` (docs/auth.md). */
async function state(res: Response | Promise<Response>): Promise<'signed in' | 'signed out' | number> {
  const r = await res;
  if (r.status !== 200) return r.status;
  return ((await r.clone().json()) as { user: unknown }).user ? 'signed in' : 'signed out';
}

/** Run one SQL statement on the test app's database (DDL the query builder does not cover). */
async function sqlExec(t: TestApp, statement: string) {
  await t.ctx.database.withScriptConnection((conn) => conn.exec(statement));
}

describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let tdb: TestDatabase;
  let admin: pg.Client;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    // Each process has a data directory of its own: nothing but the database is shared.
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-proc-'));
      dirs.push(dir);
      servers.push(await spawnServer({ ...tdb.env, DATA_DIR: dir, PORT: '0', AUTH_RATE_IP_MAX: '100000', LOG_LEVEL: 'info' }, 90_000));
    }
    [a, b] = servers as [ServerProcess, ServerProcess];
    admin = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
    await admin.connect();
  }, 180_000);

  afterAll(async () => {
    await admin?.end();
    for (const s of servers) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await tdb?.drop();
  });

  /** A browser-like client of one server: csrf cookie + token, and its session cookie once signed in. */
  async function browser(server: ServerProcess) {
    const res = await fetch(`${server.url}/api/_auth/csrf`);
    const { token } = (await res.json()) as { token: string };
    const jar = { csrf: cookieFrom(res, 'waymark_csrf')!, session: '' };
    const send = async (to: ServerProcess, method: string, p: string, body?: unknown) => {
      const r = await fetch(`${to.url}${p}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: to.url,
          'x-csrf-token': token,
          cookie: [jar.csrf, jar.session].filter(Boolean).join('; '),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const set = cookieFrom(r, 'waymark_session');
      if (set !== undefined) jar.session = set;
      return r;
    };
    return { send, jar };
  }

  async function createUser(email: string, password: string, role: 'user' | 'admin' = 'user') {
    const r = await admin.query<{ id: string }>(
      "insert into users (email, name, role, password_hash, email_verified_at) values ($1, 'Proc User', $2, $3, now()) returning id",
      [email, role, await hashPassword(password)],
    );
    return r.rows[0]!.id;
  }

  it('refuses on B, on its very next request, a session signed out through A (every time)', async () => {
    await createUser('two@test.waymark.local', 'two processes one database');
    const me = await browser(a);
    for (let i = 0; i < 15; i++) {
      const signIn = await me.send(a, 'POST', '/api/auth/signin', {
        email: 'two@test.waymark.local',
        password: 'two processes one database',
      });
      expect(signIn.status).toBe(200);
      // B knows the session (and has it in memory after the first request).
      expect(await state(me.send(b, 'GET', '/api/_auth/session'))).toBe('signed in');
      expect(await state(me.send(b, 'GET', '/api/_auth/session'))).toBe('signed in');
      const cookie = me.jar.session;
      expect((await me.send(a, 'POST', '/api/auth/signout', {})).status).toBe(200);
      me.jar.session = cookie; // replay the old cookie, as a stolen copy would be
      const after = await me.send(b, 'GET', '/api/_auth/session');
      expect(await state(after), `round ${i}`).toBe('signed out');
      me.jar.session = '';
    }
  });

  it('shows on B at once a rename, a ban and a global sign-out made through A', async () => {
    await createUser('admin2@test.waymark.local', 'the administrator of two', 'admin');
    await createUser('member2@test.waymark.local', 'a member of two servers');
    const boss = await browser(a);
    expect(
      (await boss.send(a, 'POST', '/api/auth/signin', { email: 'admin2@test.waymark.local', password: 'the administrator of two' })).status,
    ).toBe(200);
    const member = await browser(a);
    expect(
      (await member.send(a, 'POST', '/api/auth/signin', { email: 'member2@test.waymark.local', password: 'a member of two servers' }))
        .status,
    ).toBe(200);
    const onB = async () => member.send(b, 'GET', '/api/_auth/session');
    expect(await state(onB())).toBe('signed in');
    expect((await member.send(a, 'PUT', '/api/auth/user', { name: 'Renamed On A' })).status).toBe(200);
    expect(((await (await onB()).json()) as SessionBody).user.name).toBe('Renamed On A');
    const id = ((await (await onB()).json()) as SessionBody).user.id;
    expect((await boss.send(a, 'PUT', `/api/admin/users/${id}`, { banned: true })).status).toBe(200);
    expect(await state(onB())).toBe('signed out');
    expect((await boss.send(a, 'PUT', `/api/admin/users/${id}`, { banned: false })).status).toBe(200);
    // A second session, on B; signing out everywhere through A ends it for B too.
    expect(
      (await member.send(b, 'POST', '/api/auth/signin', { email: 'member2@test.waymark.local', password: 'a member of two servers' }))
        .status,
    ).toBe(200);
    expect(await state(onB())).toBe('signed in');
    expect((await member.send(a, 'POST', '/api/auth/signout', { scope: 'global' })).status).toBe(200);
    expect(await state(onB())).toBe('signed out');
  });

  it('stays correct while the listening connections are cut, and listens again once they are back', async () => {
    await createUser('cut@test.waymark.local', 'cut the notification line');
    const me = await browser(a);
    expect(
      (await me.send(a, 'POST', '/api/auth/signin', { email: 'cut@test.waymark.local', password: 'cut the notification line' })).status,
    ).toBe(200);
    expect(await state(me.send(b, 'GET', '/api/_auth/session'))).toBe('signed in');
    const cut = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      NOTIFY_APPLICATION_NAME,
    ]);
    expect(cut.rowCount).toBe(2); // one listener per process
    // A change nobody is told about: B must not answer from memory.
    await admin.query(
      "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
      ['cut@test.waymark.local'],
    );
    expect(await state(me.send(b, 'GET', '/api/_auth/session'))).toBe('signed out');
    // Both processes listen again (reconnected with backoff).
    await expect
      .poll(
        async () =>
          Number(
            (await admin.query('select count(*) as n from pg_stat_activity where application_name = $1', [NOTIFY_APPLICATION_NAME])).rows[0]
              .n,
          ),
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(2);
    expect(
      (await me.send(a, 'POST', '/api/auth/signin', { email: 'cut@test.waymark.local', password: 'cut the notification line' })).status,
    ).toBe(200);
    expect(await state(me.send(b, 'GET', '/api/_auth/session'))).toBe('signed in');
    expect((await me.send(a, 'POST', '/api/auth/signout', {})).status).toBe(200);
  });
});
