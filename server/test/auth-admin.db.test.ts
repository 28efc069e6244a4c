import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

const UUID = '8a5c1f0e-2b7d-4c1e-9f3a-5d6e7f8a9b0c';

const ADMIN_ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users', { email: 'n@example.org', password: 'a sturdy passphrase 42' }],
  ['POST', '/api/admin/invite', { email: 'n@example.org' }],
  ['POST', '/api/admin/generate-link', { type: 'recovery', email: 'n@example.org' }],
  ['GET', `/api/admin/users/${UUID}`],
  ['PUT', `/api/admin/users/${UUID}`, { role: 'admin' }],
  ['DELETE', `/api/admin/users/${UUID}`],
  ['GET', `/api/admin/users/${UUID}/factors`],
  ['DELETE', `/api/admin/users/${UUID}/factors/${UUID}`],
  ['GET', '/api/admin/access-requests'],
  ['POST', `/api/admin/access-requests/${UUID}/approve`, {}],
  ['POST', `/api/admin/access-requests/${UUID}/reject`, {}],
];

describe(`admin and access requests on ${TEST_DB}`, () => {
  let t: TestApp;
  let admin: SignedInTestUser;
  let user: SignedInTestUser;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'boss@example.org' });
    admin = await t.signIn({ role: 'admin', name: 'Ada Admin' });
    user = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a non-admin 403 and a signed-out visitor 401 on every admin endpoint', async () => {
    for (const [method, path, body] of ADMIN_ENDPOINTS) {
      const r = await t.json(method, path, body, user.headers);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      expect((await t.json(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    const users = await t.db().selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).not.toContain('n@example.org');
  });

  it('validates ids as UUIDs (400)', async () => {
    for (const path of ['/api/admin/users/123', '/api/admin/users/abc/factors', `/api/admin/users/${UUID}/factors/zzz`]) {
      const r = await t.json(path.endsWith('factors') || path.endsWith('123') ? 'GET' : 'DELETE', path, undefined, admin.headers);
      expect(r.status, path).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('validation_error');
    }
    expect((await t.json('PUT', "/api/admin/users/1' or 1=1", { name: 'x' }, admin.headers)).status).toBe(400);
    expect((await t.json('GET', `/api/admin/users/${UUID}`, undefined, admin.headers)).status).toBe(404);
  });

  it('creates, lists with search and pagination, updates, bans and deletes users', async () => {
    const created = await t.json(
      'POST',
      '/api/admin/users',
      { email: 'carol@example.org', password: 'a sturdy passphrase 42', name: 'Carol' },
      admin.headers,
    );
    expect(created.status).toBe(201);
    const carol = ((await created.json()) as { user: { id: string; emailVerified: boolean } }).user;
    expect(carol.emailVerified).toBe(true);
    await expect(
      t.json('POST', '/api/admin/users', { email: 'carol@example.org', password: 'a sturdy passphrase 42' }, admin.headers),
    ).resolves.toHaveProperty('status', 409);
    expect((await t.json('POST', '/api/admin/users', { email: 'dan@example.org', password: 'password' }, admin.headers)).status).toBe(422);
    expect((await t.json('POST', '/api/admin/users', { name: 'x' }, admin.headers)).status).toBe(400);

    for (let i = 0; i < 5; i++)
      await t.json('POST', '/api/admin/users', { email: `bulk${i}@example.org`, password: 'a sturdy passphrase 42' }, admin.headers);
    const page1 = (await (await t.json('GET', '/api/admin/users?q=bulk&perPage=2&page=1', undefined, admin.headers)).json()) as {
      users: { email: string }[];
      total: number;
    };
    expect(page1.total).toBe(5);
    expect(page1.users).toHaveLength(2);
    const page3 = (await (await t.json('GET', '/api/admin/users?q=bulk&perPage=2&page=3', undefined, admin.headers)).json()) as {
      users: unknown[];
    };
    expect(page3.users).toHaveLength(1);
    expect((await t.json('GET', '/api/admin/users?perPage=1000', undefined, admin.headers)).status).toBe(400);
    expect((await t.json('GET', '/api/admin/users?page=abc', undefined, admin.headers)).status).toBe(400);
    const search = (await (await t.json('GET', '/api/admin/users?q=%25', undefined, admin.headers)).json()) as { total: number };
    expect(search.total).toBe(0);

    const sessionCarol = await t.json('POST', '/api/auth/signin', { email: 'carol@example.org', password: 'a sturdy passphrase 42' });
    const carolCookie = { cookie: sessionCarol.headers.getSetCookie()[0]!.split(';')[0]! };
    const upd = await t.json(
      'PUT',
      `/api/admin/users/${carol.id}`,
      { name: 'Carol C', role: 'admin', banned: true, banReason: 'testing' },
      admin.headers,
    );
    expect(upd.status).toBe(200);
    expect(((await upd.json()) as { user: { banned: boolean; role: string } }).user).toMatchObject({ banned: true, role: 'admin' });
    expect(((await (await t.json('GET', '/api/_auth/session', undefined, carolCookie)).json()) as { user: unknown }).user).toBeNull();
    expect((await t.json('POST', '/api/auth/signin', { email: 'carol@example.org', password: 'a sturdy passphrase 42' })).status).toBe(403);
    expect((await t.json('PUT', `/api/admin/users/${carol.id}`, { role: 'owner' }, admin.headers)).status).toBe(400);
    expect((await t.json('PUT', `/api/admin/users/${admin.id}`, { role: 'user' }, admin.headers)).status).toBe(422);
    expect((await t.json('DELETE', `/api/admin/users/${carol.id}`, undefined, admin.headers)).status).toBe(200);
    expect((await t.json('DELETE', `/api/admin/users/${carol.id}`, undefined, admin.headers)).status).toBe(404);
  });

  it('invites by email (no SMTP: the admin gets the link to hand over) and generates sign-in / recovery links', async () => {
    const inv = await t.json('POST', '/api/admin/invite', { email: 'erin@example.org', name: 'Erin' }, admin.headers);
    expect(inv.status).toBe(201);
    const invited = (await inv.json()) as { delivery: string; link: string };
    expect(invited.delivery).toBe('none');
    // Nobody's mailbox received it: the address is not proven by anyone.
    expect(await t.db().selectFrom('messages').selectAll().where('to_address', '=', 'erin@example.org').execute()).toHaveLength(0);
    const url = new URL(invited.link);
    expect(url.pathname).toBe('/reset-password');
    const set = await t.json('POST', '/api/auth/reset-password', {
      token: url.searchParams.get('token'),
      password: 'erin picks a passphrase',
    });
    expect(set.status).toBe(200);
    expect((await t.json('POST', '/api/auth/signin', { email: 'erin@example.org', password: 'erin picks a passphrase' })).status).toBe(200);

    const link = await t.json('POST', '/api/admin/generate-link', { type: 'magiclink', email: 'erin@example.org' }, admin.headers);
    const { link: magic } = (await link.json()) as { link: string };
    const signin = await t.json('POST', '/api/auth/verify', { type: 'magiclink', token: new URL(magic).searchParams.get('token') });
    expect(signin.status).toBe(200);
    expect((await t.json('POST', '/api/admin/generate-link', { type: 'bogus', email: 'erin@example.org' }, admin.headers)).status).toBe(
      400,
    );
    expect(
      (await t.json('POST', '/api/admin/generate-link', { type: 'recovery', email: 'nobody@example.org' }, admin.headers)).status,
    ).toBe(404);
  });

  it("lists and removes a user's MFA factors", async () => {
    await t.json('POST', '/api/auth/factors', {}, user.headers);
    const list = (await (await t.json('GET', `/api/admin/users/${user.id}/factors`, undefined, admin.headers)).json()) as {
      factors: { id: string }[];
    };
    expect(list.factors).toHaveLength(1);
    expect((await t.json('DELETE', `/api/admin/users/${user.id}/factors/${list.factors[0]!.id}`, undefined, admin.headers)).status).toBe(
      200,
    );
    expect((await t.json('DELETE', `/api/admin/users/${user.id}/factors/${list.factors[0]!.id}`, undefined, admin.headers)).status).toBe(
      404,
    );
  });

  it('takes access requests; admins approve (invite) or reject', async () => {
    await t.json('POST', '/api/access-requests', { name: 'Finn', email: 'finn@example.org', reason: 'I run a lot' });
    await t.json('POST', '/api/access-requests', { name: 'Gia', email: 'gia@example.org' });
    expect((await t.json('POST', '/api/access-requests', { name: '', email: 'gia@example.org' })).status).toBe(400);
    expect((await t.json('POST', '/api/access-requests', { name: 'x', email: 'bad' })).status).toBe(400);
    const list = (await (await t.json('GET', '/api/admin/access-requests', undefined, admin.headers)).json()) as {
      requests: { id: string; email: string }[];
    };
    expect(list.requests.map((r) => r.email).sort()).toEqual(['finn@example.org', 'gia@example.org']);
    const finn = list.requests.find((r) => r.email === 'finn@example.org')!;
    const gia = list.requests.find((r) => r.email === 'gia@example.org')!;
    const approved = await t.json('POST', `/api/admin/access-requests/${finn.id}/approve`, {}, admin.headers);
    expect(approved.status).toBe(200);
    // Without SMTP the approval says so and hands the admin the invitation link (a confirmation to show).
    expect(await approved.json()).toMatchObject({
      status: 'approved',
      email: 'finn@example.org',
      delivery: 'none',
      link: expect.stringContaining('/reset-password?type=invite&token='),
    });
    expect((await t.json('POST', `/api/admin/access-requests/${finn.id}/approve`, {}, admin.headers)).status).toBe(409);
    expect((await t.json('POST', `/api/admin/access-requests/${gia.id}/reject`, {}, admin.headers)).status).toBe(200);
    expect((await t.json('POST', '/api/admin/access-requests/nope/reject', {}, admin.headers)).status).toBe(400);
    const invited = await t.db().selectFrom('users').select(['email', 'role']).where('email', '=', 'finn@example.org').executeTakeFirst();
    expect(invited).toEqual({ email: 'finn@example.org', role: 'user' });
    const pending = (await (await t.json('GET', '/api/admin/access-requests', undefined, admin.headers)).json()) as { total: number };
    expect(pending.total).toBe(0);
  });

  it('ADMIN_EMAIL: signing up with the address grants nothing; the role follows once the address is proven', async () => {
    const r = await t.json('POST', '/api/auth/signup', { email: 'Boss@example.org', password: 'the boss passphrase' });
    const boss = ((await r.json()) as { user: { id: string; role: string } }).user;
    expect(boss.role).toBe('user');
    expect((await t.json('GET', '/api/admin/users', undefined, { cookie: cookieFrom(r, 'waymark_session')! })).status).toBe(403);
    // An administrator confirms the address (vouching for it): now the owner of ADMIN_EMAIL is an admin.
    const upd = await t.json('PUT', `/api/admin/users/${boss.id}`, { emailConfirmed: true }, admin.headers);
    expect(((await upd.json()) as { user: { role: string } }).user.role).toBe('admin');
  });
});
