import fc from 'fast-check';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettingsResponse, type UserSettings } from '@waymark/contracts';
import { encodeRouteGeometry } from '@waymark/geo';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { PNG, makeProject } from './support/projects.ts';

/** Settings (issue 17) on the real app and database: every page's data, validation, avatar, export, deletion. */
const RUNS = Number(process.env.SETTINGS_FUZZ_RUNS ?? 2000);
let t: TestApp;
let alice: SignedInTestUser;
let bob: SignedInTestUser;

const PROFILE = { name: 'Alice Runner', username: 'alice.runs', bio: 'Trail runner', units: 'mi', flatPaceSecPerKm: 330 };
const APPEARANCE = { theme: 'violet', radius: 0.75, mode: 'dark', navbar: 'floating', dir: 'rtl' };
const DISPLAY = { hiddenNav: ['/tasks'], startPage: '/run', dateFormat: 'iso', timeFormat: '12h', mapRegion: 'monaco', basemap: 'dark' };
const NOTIFY = { projectInvitations: false, mentions: true, taskAssigned: false, routeShared: true, smtp: false };

async function settingsOf(res: Response, status = 200): Promise<UserSettings> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return userSettingsResponse.parse(JSON.parse(text)).settings;
}
async function errorOf(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const b = JSON.parse(text) as { error: { code: string; message: string; details?: { issues?: { path: string }[] } } };
  expect(typeof b.error.message).toBe('string');
  return b.error;
}
const put = (who: SignedInTestUser, page: string, body: unknown) => t.json('PUT', `/api/settings/${page}`, body, who.headers);

async function rawPut(who: SignedInTestUser | null, path: string, bytes: Uint8Array, type: string) {
  const { token, cookie } = await t.csrf();
  return t.app.request(path, {
    method: 'PUT',
    headers: {
      'content-type': type,
      origin: t.config.publicUrl,
      'x-csrf-token': token,
      cookie: [who?.headers.cookie, cookie].filter(Boolean).join('; '),
    },
    body: bytes,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn({ name: 'Alice' });
  bob = await t.signIn({ name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

describe(`settings on ${TEST_DB}`, () => {
  it('starts from the defaults', async () => {
    const s = await settingsOf(await t.json('GET', '/api/settings', undefined, alice.headers));
    expect(s.profile).toMatchObject({
      name: 'Alice',
      username: null,
      bio: '',
      units: 'km',
      flatPaceSecPerKm: 360,
      avatarUrl: null,
      email: alice.email,
    });
    expect(s.appearance).toBeNull();
    expect(s.display).toEqual({
      hiddenNav: [],
      startPage: '/dashboard',
      dateFormat: 'locale',
      timeFormat: '24h',
      mapRegion: 'andorra',
      basemap: 'auto',
    });
    expect(s.notifications).toEqual({
      projectInvitations: true,
      mentions: true,
      taskAssigned: true,
      routeShared: true,
      securityAlerts: true,
      smtp: true,
    });
    expect(s.smtpAvailable).toBe(false);
  });

  it('profile: saves, validates, keeps usernames unique (case-insensitive, also under a race)', async () => {
    const s = await settingsOf(await put(alice, 'profile', { ...PROFILE, username: 'Alice.Runs' }));
    expect(s.profile).toMatchObject({ ...PROFILE, username: 'alice.runs' });
    const session = (await (await t.json('GET', '/api/_auth/session', undefined, alice.headers)).json()) as { user: { name: string } };
    expect(session.user.name).toBe('Alice Runner');
    const taken = await errorOf(await put(bob, 'profile', { ...PROFILE, name: 'Bob', username: 'ALICE.RUNS' }), 409);
    expect(taken.code).toBe('username_taken');
    expect(taken.details?.issues?.[0]?.path).toBe('username');
    for (const [field, value] of [
      ['name', ''],
      ['name', 'n'.repeat(101)],
      ['username', 'ab'],
      ['username', 'has space'],
      ['username', '.dot'],
      ['username', 'x'.repeat(31)],
      ['bio', 'b'.repeat(501)],
      ['units', 'furlongs'],
      ['flatPaceSecPerKm', 60],
      ['flatPaceSecPerKm', 5.5],
      ['flatPaceSecPerKm', '300'],
    ] as const) {
      const e = await errorOf(await put(bob, 'profile', { ...PROFILE, name: 'Bob', username: null, [field]: value }), 400);
      expect(e.details?.issues?.[0]?.path, `${field}=${String(value)}`).toBe(field);
    }
    await errorOf(await put(bob, 'profile', { ...PROFILE, username: null, role: 'admin' }), 400);
    // Two accounts racing for one free username: exactly one gets it.
    const c1 = await t.signIn();
    const c2 = await t.signIn();
    const [r1, r2] = await Promise.all([
      put(c1, 'profile', { ...PROFILE, username: 'race' }),
      put(c2, 'profile', { ...PROFILE, username: 'race' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    // Nothing of Bob's changed by the refused attempts.
    expect((await settingsOf(await t.json('GET', '/api/settings', undefined, bob.headers))).profile).toMatchObject({
      name: 'Bob',
      username: null,
      units: 'km',
    });
  });

  it('avatar: type sniffed from the bytes, size-limited, served to signed-in users only', async () => {
    const s = await settingsOf(await rawPut(alice, '/api/settings/avatar', PNG, 'image/png'));
    expect(s.profile.avatarUrl).toMatch(new RegExp(`^/api/avatars/${alice.id}\\?v=\\d+$`));
    const img = await t.json('GET', s.profile.avatarUrl!, undefined, bob.headers);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await t.json('GET', s.profile.avatarUrl!)).status).toBe(401);
    // HTML claiming to be a PNG; an SVG (script-capable); a GIF: refused by their bytes.
    for (const [bytes, type] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif'],
    ] as const) {
      expect((await errorOf(await rawPut(alice, '/api/settings/avatar', bytes, type), 415)).code).toBe('unsupported_media_type');
    }
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(PNG);
    expect((await errorOf(await rawPut(alice, '/api/settings/avatar', big, 'image/png'), 413)).code).toBe('payload_too_large');
    await errorOf(await rawPut(alice, '/api/settings/avatar', new Uint8Array(0), 'image/png'), 400);
    // Still the first image after the refused ones.
    expect(Buffer.from(await (await t.json('GET', `/api/avatars/${alice.id}`, undefined, alice.headers)).arrayBuffer()).equals(PNG)).toBe(
      true,
    );
    await errorOf(await t.json('GET', '/api/avatars/not-a-uuid', undefined, alice.headers), 400);
    await errorOf(await t.json('GET', `/api/avatars/${bob.id}`, undefined, alice.headers), 404);
    expect((await settingsOf(await t.json('DELETE', '/api/settings/avatar', undefined, alice.headers))).profile.avatarUrl).toBeNull();
    await errorOf(await rawPut(null, '/api/settings/avatar', PNG, 'image/png'), 401);
  });

  it('appearance, display and notifications: save and validate', async () => {
    expect((await settingsOf(await put(alice, 'appearance', APPEARANCE))).appearance).toEqual(APPEARANCE);
    for (const bad of [
      { ...APPEARANCE, theme: 'pink' },
      { ...APPEARANCE, radius: 0.3 },
      { ...APPEARANCE, mode: 'auto' },
      { ...APPEARANCE, navbar: 'top' },
      { ...APPEARANCE, dir: 'ttb' },
      { ...APPEARANCE, extra: 1 },
      { theme: 'zinc' },
    ])
      await errorOf(await put(alice, 'appearance', bad), 400);
    expect((await settingsOf(await put(alice, 'display', DISPLAY))).display).toEqual(DISPLAY);
    for (const bad of [
      { ...DISPLAY, startPage: 'https://evil.example' },
      { ...DISPLAY, startPage: '/admin/users' },
      { ...DISPLAY, hiddenNav: ['javascript:alert(1)'] },
      { ...DISPLAY, hiddenNav: Array(51).fill('/x') },
      { ...DISPLAY, dateFormat: 'yyyy' },
      { ...DISPLAY, mapRegion: '../etc' },
    ])
      await errorOf(await put(alice, 'display', bad), 400);
    const n = await settingsOf(await put(alice, 'notifications', NOTIFY));
    expect(n.notifications).toEqual({ ...NOTIFY, securityAlerts: true });
    const e = await errorOf(await put(alice, 'notifications', { ...NOTIFY, securityAlerts: false }), 400);
    expect(e.message).toMatch(/security alerts cannot be turned off/);
    await errorOf(await put(alice, 'notifications', { ...NOTIFY, smtp: 'yes' }), 400);
    // Saved on the server: a fresh read (another browser) sees all of it.
    const again = await settingsOf(await t.json('GET', '/api/settings', undefined, alice.headers));
    expect(again.appearance).toEqual(APPEARANCE);
    expect(again.display).toEqual(DISPLAY);
  });

  it('notifications off → a project invitation sends no mail (the senders honour it)', async () => {
    const owner = await t.signIn({ name: 'Owner' });
    const project = await makeProject(t, { owner }, 'Quiet project');
    const quiet = await t.signIn({ name: 'Quiet' });
    await put(quiet, 'notifications', { ...NOTIFY, projectInvitations: false });
    const res = await t.json('POST', `/api/projects/${project}/invitations`, { email: quiet.email, role: 'viewer' }, owner.headers);
    expect(res.status).toBe(201);
    const box = (await (await t.json('GET', '/api/mail/messages', undefined, quiet.headers)).json()) as { messages: { kind: string }[] };
    expect(box.messages.filter((m) => m.kind === 'project_invitation')).toEqual([]);
    // The invitation itself still waits on the projects page.
    const inv = (await (await t.json('GET', '/api/invitations', undefined, quiet.headers)).json()) as { invitations: unknown[] };
    expect(inv.invitations).toHaveLength(1);
    // Turned back on: the next invitation arrives.
    await put(quiet, 'notifications', { ...NOTIFY, projectInvitations: true });
    const p2 = await makeProject(t, { owner }, 'Loud project');
    await t.json('POST', `/api/projects/${p2}/invitations`, { email: quiet.email, role: 'viewer' }, owner.headers);
    const box2 = (await (await t.json('GET', '/api/mail/messages', undefined, quiet.headers)).json()) as { messages: { kind: string }[] };
    expect(box2.messages.filter((m) => m.kind === 'project_invitation')).toHaveLength(1);
  });

  it('exports my data as a ZIP of JSON and GPX (no secrets), after a recent sign-in', async () => {
    await t
      .db()
      .insertInto('routes')
      .values({
        owner_id: alice.id,
        name: 'Coma Pedrosa loop',
        region: 'andorra',
        waypoints: JSON.stringify([]),
        geometry: encodeRouteGeometry([
          [1.5, 42.5, 1000],
          [1.51, 42.51, 1100],
        ]),
        stats: JSON.stringify({ distanceM: 1400, ascentM: 100, descentM: 0, timeS: 600 }),
      } as never)
      .execute();
    await t.json('POST', '/api/mail/drafts', { subject: 'My draft' }, alice.headers);
    const res = await t.json('GET', '/api/settings/export', undefined, alice.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="waymark-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'settings.json', 'mail.json', 'routes.json', 'projects.json']),
    );
    const account = JSON.parse(strFromU8(files['account.json']!)) as Record<string, unknown>;
    expect(account.email).toBe(alice.email);
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).not.toMatch(/password_hash|scrypt|token_hash/);
    expect(JSON.parse(strFromU8(files['mail.json']!))).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: 'My draft', folder: 'drafts' })]),
    );
    const gpxName = Object.keys(files).find((f) => f.startsWith('routes/') && f.endsWith('.gpx'))!;
    expect(gpxName).toMatch(/^routes\/coma-pedrosa-loop-[0-9a-f]{8}\.gpx$/);
    const gpx = strFromU8(files[gpxName]!);
    expect(gpx).toContain('<name>Coma Pedrosa loop</name>');
    expect(gpx).toContain('<trkpt lat="42.51" lon="1.51"><ele>1100</ele></trkpt>');
    // A sign-in older than 10 minutes must be confirmed first.
    await t
      .db()
      .updateTable('sessions')
      .set({ authenticated_at: new Date(Date.now() - 3600_000) })
      .where('user_id', '=', bob.id)
      .execute();
    expect((await errorOf(await t.json('GET', '/api/settings/export', undefined, bob.headers), 403)).code).toBe('reauthentication_needed');
    await errorOf(await t.json('GET', '/api/settings/export'), 401);
  });

  it('deletes the account only with a recent sign-in and the address typed again; never the last admin', async () => {
    const dora = await t.signIn({ name: 'Dora' });
    expect(
      (await errorOf(await t.json('DELETE', '/api/settings/account', { confirm: 'someone@else.org' }, dora.headers), 400)).details
        ?.issues?.[0]?.path,
    ).toBe('confirm');
    await errorOf(await t.json('DELETE', '/api/settings/account', {}, dora.headers), 400);
    await t
      .db()
      .updateTable('sessions')
      .set({ authenticated_at: new Date(Date.now() - 3600_000) })
      .where('user_id', '=', dora.id)
      .execute();
    expect((await errorOf(await t.json('DELETE', '/api/settings/account', { confirm: dora.email }, dora.headers), 403)).code).toBe(
      'reauthentication_needed',
    );
    await t.db().updateTable('sessions').set({ authenticated_at: new Date() }).where('user_id', '=', dora.id).execute();
    const ok = await t.json('DELETE', '/api/settings/account', { confirm: dora.email.toUpperCase() }, dora.headers);
    expect(ok.status).toBe(200);
    expect(await t.db().selectFrom('users').select('id').where('id', '=', dora.id).executeTakeFirst()).toBeUndefined();
    expect((await t.json('GET', '/api/settings', undefined, dora.headers)).status).toBe(401);
    const admin = await t.signIn({ name: 'Only admin', role: 'admin' });
    expect((await errorOf(await t.json('DELETE', '/api/settings/account', { confirm: admin.email }, admin.headers), 409)).code).toBe(
      'last_admin',
    );
    expect(await t.db().selectFrom('users').select('id').where('id', '=', admin.id).executeTakeFirst()).toBeTruthy();
  });

  it('every settings endpoint refuses anonymous callers and forged (cross-site or token-less) writes', async () => {
    const endpoints: [string, string, unknown][] = [
      ['GET', '/api/settings', undefined],
      ['PUT', '/api/settings/profile', PROFILE],
      ['PUT', '/api/settings/appearance', APPEARANCE],
      ['PUT', '/api/settings/display', DISPLAY],
      ['PUT', '/api/settings/notifications', NOTIFY],
      ['DELETE', '/api/settings/avatar', undefined],
      ['GET', `/api/avatars/${alice.id}`, undefined],
      ['GET', '/api/settings/export', undefined],
      ['DELETE', '/api/settings/account', { confirm: 'x' }],
    ];
    for (const [method, path, body] of endpoints) expect((await t.json(method, path, body)).status, `${method} ${path}`).toBe(401);
    for (const [method, path, body] of endpoints.filter(([m]) => m !== 'GET')) {
      const cross = await t.json(method, path, body, { ...bob.headers, origin: 'https://evil.example' });
      expect(cross.status, `${method} ${path} cross-site`).toBe(403);
      const noToken = await t.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl, ...bob.headers },
        body: JSON.stringify(body ?? {}),
      });
      expect(noToken.status, `${method} ${path} without CSRF token`).toBe(403);
    }
    expect(await t.db().selectFrom('users').select('id').where('id', '=', bob.id).executeTakeFirst()).toBeTruthy();
  });

  it(`fuzz: ${RUNS} random bodies per settings page, 0 × 5xx, one error shape`, async () => {
    const fuzzer = await t.signIn();
    const before = JSON.stringify(await settingsOf(await t.json('GET', '/api/settings', undefined, alice.headers)));
    const odd = fc.constantFrom('', ' ', '\u0000', '\ud800', '%', '../', '<script>', 'x'.repeat(600), '🏔️', 'null', 'alice.runs');
    const any = fc.oneof({ depthSize: 'small' }, fc.jsonValue(), odd, fc.constant(null), fc.array(fc.anything(), { maxLength: 3 }));
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const bodies: Record<string, fc.Arbitrary<unknown>> = {
      profile: fc.oneof(
        fc.record(
          {
            name: maybe(fc.oneof(fc.string(), odd)),
            username: maybe(fc.oneof(fc.string({ maxLength: 32 }), odd, fc.constant(null))),
            bio: maybe(fc.oneof(fc.string(), odd)),
            units: maybe(fc.oneof(fc.constantFrom('km', 'mi'), odd)),
            flatPaceSecPerKm: maybe(fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.double(), odd)),
          },
          { requiredKeys: [] },
        ),
        any,
      ),
      appearance: fc.oneof(
        fc.record(
          {
            theme: maybe(fc.oneof(fc.constantFrom('zinc', 'rose'), odd)),
            radius: maybe(fc.oneof(fc.constantFrom(0, 0.5, 1, 2), fc.double())),
            mode: maybe(fc.constantFrom('light', 'dark', 'system', 'x')),
            navbar: maybe(fc.constantFrom('sidebar', 'inset', 'x')),
            dir: maybe(fc.constantFrom('ltr', 'rtl', 'x')),
          },
          { requiredKeys: [] },
        ),
        any,
      ),
      display: fc.oneof(
        fc.record(
          {
            hiddenNav: maybe(fc.oneof(fc.array(fc.oneof(fc.constantFrom('/tasks', '/run'), odd), { maxLength: 60 }), any)),
            startPage: maybe(fc.oneof(fc.constantFrom('/run', '/email', '/x'), odd)),
            dateFormat: maybe(fc.constantFrom('iso', 'locale', 'x')),
            timeFormat: maybe(fc.constantFrom('24h', '12h', 'x')),
            mapRegion: maybe(fc.oneof(fc.constantFrom('andorra', 'monaco'), odd)),
            basemap: maybe(fc.constantFrom('auto', 'dark', 'x')),
          },
          { requiredKeys: [] },
        ),
        any,
      ),
      notifications: fc.oneof(
        fc.record(
          {
            projectInvitations: maybe(fc.oneof(fc.boolean(), any)),
            mentions: maybe(fc.boolean()),
            taskAssigned: maybe(fc.boolean()),
            routeShared: maybe(fc.boolean()),
            securityAlerts: maybe(fc.oneof(fc.boolean(), any)),
            smtp: maybe(fc.boolean()),
          },
          { requiredKeys: [] },
        ),
        any,
      ),
    };
    // One field of a valid body replaced by anything (reaches the deeper checks, 200s and 409s too).
    const valid: Record<string, Record<string, unknown>> = {
      profile: { ...PROFILE, username: null },
      appearance: APPEARANCE,
      display: DISPLAY,
      notifications: NOTIFY,
    };
    const fields: Record<string, fc.Arbitrary<unknown>> = {
      username: fc.constantFrom('alice.runs', 'race', 'fuzzy', 'Fuzzy', null),
      units: fc.constantFrom('km', 'mi'),
      flatPaceSecPerKm: fc.integer({ min: 100, max: 1900 }),
      hiddenNav: fc.array(fc.constantFrom('/tasks', '/run', '/email'), { maxLength: 3 }),
      startPage: fc.constantFrom('/run', '/email', '/dashboard'),
    };
    for (const page of Object.keys(bodies)) {
      const keys = Object.keys(valid[page]!);
      bodies[page] = fc.oneof(
        bodies[page]!,
        fc
          .record({ k: fc.constantFrom(...keys), v: fc.oneof(any, fc.constant(undefined)) })
          .map(({ k, v }) => ({ ...valid[page], [k]: v })),
        fc.constant(valid[page]),
        ...keys.filter((k) => k in fields).map((k) => fields[k]!.map((v) => ({ ...valid[page], [k]: v }))),
      );
    }
    const seen: Record<string, Record<number, number>> = {};
    for (const [page, arb] of Object.entries(bodies)) {
      await fc.assert(
        fc.asyncProperty(arb, async (b) => {
          const res = await t.json('PUT', `/api/settings/${page}`, JSON.stringify(b) ?? 'null', fuzzer.headers);
          (seen[page] ??= {})[res.status] = (seen[page][res.status] ?? 0) + 1;
          const text = await res.text();
          expect(res.status, text.slice(0, 200)).toBeLessThan(500);
          if (res.status >= 400) expect(typeof (JSON.parse(text) as { error: { code: string } }).error.code).toBe('string');
        }),
        { numRuns: RUNS },
      );
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([PNG.subarray(0, 8), b])),
        ),
        fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream'),
        async (bytes, type) => {
          const res = await rawPut(fuzzer, '/api/settings/avatar', bytes, type);
          (seen.avatar ??= {})[res.status] = (seen.avatar[res.status] ?? 0) + 1;
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
    console.log('settings fuzz statuses:', JSON.stringify(seen));
    for (const page of Object.keys(bodies)) expect(Object.keys(seen[page]!).length, page).toBeGreaterThan(1);
    // Alice's settings were never touched by the fuzzing account.
    expect(JSON.stringify(await settingsOf(await t.json('GET', '/api/settings', undefined, alice.headers)))).toBe(before);
  }, 600_000);
});
