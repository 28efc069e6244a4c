import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { anyJsonOf, fuzzChecks, maybe, oddTextOf, queryStringOf } from './support/fuzz.ts';
import { PDF, makeProject, upload } from './support/projects.ts';

/**
 * Property-based fuzz of the projects API: random JSON bodies, query strings, ids, upload bytes,
 * names and content types against every endpoint group. For every request: no 5xx, every non-2xx
 * is the one error shape, and the other user's private project is never changed nor revealed.
 * PROJECTS_FUZZ_RUNS sets the bodies per endpoint group (default 2,000).
 */
const RUNS = Number(process.env.PROJECTS_FUZZ_RUNS ?? 2000);
const SECRET = 'Qx9PrivateProjectMarker';

const oddText = oddTextOf('../..', '<script>', 'a'.repeat(5000), '😀😀', 'owner', 'archived', 'on_hold');
const anyJson = anyJsonOf(oddText);
const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-181, 181, 91, -91, 23, -1, 1e308, Number.NaN));
const projectish = fc.record(
  {
    name: maybe(fc.oneof(fc.string({ maxLength: 130 }), oddText, fc.integer())),
    description: maybe(fc.oneof(fc.string({ maxLength: 50 }), oddText, fc.constant('d'.repeat(4001)))),
    status: maybe(fc.oneof(fc.constantFrom('draft', 'active', 'on_hold', 'completed', 'archived', 'done', ''), oddText)),
    location: maybe(
      fc.oneof(
        fc.constant(null),
        anyJson,
        fc.record({
          center: fc.oneof(fc.record({ lon: num, lat: num }), anyJson),
          zoom: fc.oneof(num, anyJson),
          bbox: maybe(fc.oneof(fc.array(num, { maxLength: 5 }), anyJson)),
          placeName: maybe(fc.oneof(fc.string(), oddText)),
        }),
      ),
    ),
    cover: maybe(
      fc.oneof(
        anyJson,
        fc.record({
          color: maybe(fc.oneof(fc.constantFrom('blue', 'green', 'teal', 'chartreuse'), oddText)),
          emoji: maybe(fc.oneof(fc.constantFrom('⛰️', '🏃', 'x', ''), oddText)),
        }),
      ),
    ),
    extra: maybe(anyJson),
  },
  { requiredKeys: [] },
);
const idLike = fc.oneof(
  fc.uuid(),
  fc.constantFrom('', 'x', '00000000-0000-0000-0000-000000000000', '%00', '..', 'null'),
  fc.string({ maxLength: 40 }),
);
const queryString = queryStringOf(
  ['q', 'status', 'role', 'sort', 'order', 'page', 'pageSize', 'limit', 'before', 'name', 'x'],
  fc.oneof(fc.string({ maxLength: 20 }), oddText, fc.integer().map(String)),
  5,
);

describe(`projects API fuzz on ${TEST_DB} (${RUNS} bodies per group)`, () => {
  let t: TestApp;
  let me: SignedInTestUser;
  let stranger: SignedInTestUser;
  let mine: string;
  let theirs: string;
  let docId: string;
  const { seen, check, send } = fuzzChecks({ app: () => t, as: () => me, secret: SECRET, revealed: 'the other project' });

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_LIMIT_BYTES: '4096' });
    me = await t.signIn();
    stranger = await t.signIn();
    mine = await makeProject(t, { owner: me }, 'Fuzz target');
    theirs = await makeProject(t, { owner: stranger }, SECRET);
    const up = await upload(t, me, mine, 'a.pdf', PDF, 'application/pdf');
    docId = ((await up.json()) as { id: string }).id;
  });
  afterAll(async () => t?.close());

  it('projects: create, update, list, read (random bodies, queries and ids)', async () => {
    await fc.assert(
      fc.asyncProperty(projectish, anyJson, queryString, idLike, fc.constantFrom(0, 1, 2, 3, 4), async (body, junk, qs, id, pick) => {
        if (pick === 0) await check('projects', await send('POST', '/api/projects', body));
        else if (pick === 1)
          await check('projects', await send('PATCH', `/api/projects/${mine}`, pick === 1 && Math.random() < 0.2 ? junk : body));
        else if (pick === 2) await check('projects', await t.json('GET', `/api/projects?${qs}`, undefined, me.headers));
        else if (pick === 3) await check('projects', await send('PATCH', `/api/projects/${encodeURIComponent(id)}`, body));
        else await check('projects', await t.json('GET', `/api/projects/${mine}/activity?${qs}`, undefined, me.headers));
      }),
      { numRuns: RUNS },
    );
  }, 900_000);

  it('members and invitations: roles, invitations, answers (random bodies and ids)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson,
          fc.record(
            {
              role: fc.oneof(fc.constantFrom('owner', 'editor', 'viewer', 'admin'), oddText),
              email: maybe(fc.oneof(fc.emailAddress(), oddText, fc.string())),
            },
            { requiredKeys: [] },
          ),
        ),
        idLike,
        fc.constantFrom(0, 1, 2, 3, 4, 5),
        async (body, id, pick) => {
          const pid = Math.random() < 0.5 ? mine : theirs;
          if (pick === 0) await check('members', await send('POST', `/api/projects/${pid}/invitations`, body));
          else if (pick === 1) await check('members', await send('PATCH', `/api/projects/${pid}/members/${encodeURIComponent(id)}`, body));
          else if (pick === 2) await check('members', await send('PATCH', `/api/projects/${pid}/members/${me.id}`, body));
          else if (pick === 3)
            await check(
              'members',
              await t.json('DELETE', `/api/projects/${pid}/invitations/${encodeURIComponent(id)}`, undefined, me.headers),
            );
          else if (pick === 4) await check('members', await send('POST', `/api/invitations/${encodeURIComponent(id)}/accept`, body));
          else await check('members', await t.json('GET', `/api/invitations/${encodeURIComponent(id)}`, undefined, me.headers));
        },
      ),
      { numRuns: RUNS },
    );
    // Still exactly one owner (me) of my project, and the stranger's project untouched.
    const members = await t
      .db()
      .selectFrom('project_members')
      .select(['user_id', 'role'])
      .where('project_id', '=', mine)
      .where('role', '=', 'owner')
      .execute();
    expect(members.map((m) => m.user_id)).toContain(me.id);
    const their = await t.db().selectFrom('project_members').select(['user_id', 'role']).where('project_id', '=', theirs).execute();
    expect(their).toEqual([{ user_id: stranger.id, role: 'owner' }]);
  }, 900_000);

  it('documents: random bytes, names and claimed types; renames and ids', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      fc
        .constantFrom(PDF, Buffer.from('<gpx'), Buffer.from('{"type":"Feature"}'), Buffer.from('PK\u0003\u0004'), Buffer.alloc(5000, 0x41))
        .map((b) => new Uint8Array(b)),
    );
    const type = fc.oneof(
      fc.constantFrom(
        '',
        'application/pdf',
        'image/png',
        'text/plain; charset=utf-8',
        'application/octet-stream',
        'application/json',
        'multipart/form-data',
        'text/html',
      ),
      fc.string({ maxLength: 30 }),
    );
    const name = fc.oneof(fc.string({ maxLength: 220 }), oddText, fc.constantFrom('a.pdf', 'x.gpx', '.', '..', 'a/b/c.txt', 'C:\\x.pdf'));
    await fc.assert(
      fc.asyncProperty(bytes, type, name, idLike, anyJson, fc.constantFrom(0, 1, 2, 3), async (b, ty, n, id, body, pick) => {
        if (pick === 0) {
          let res: Response;
          try {
            res = await upload(t, me, Math.random() < 0.8 ? mine : theirs, n, Buffer.from(b), ty.replace(/[\r\n]/g, ''));
          } catch (err) {
            // A header value the fetch API itself refuses never reaches the server.
            if (err instanceof TypeError) return;
            throw err;
          }
          await check('documents', res);
        } else if (pick === 1)
          await check(
            'documents',
            await send(
              'PATCH',
              `/api/projects/${mine}/documents/${Math.random() < 0.5 ? docId : encodeURIComponent(id)}`,
              Math.random() < 0.5 ? { name: n } : body,
            ),
          );
        else if (pick === 2)
          await check(
            'documents',
            await t.json('GET', `/api/projects/${mine}/documents/${encodeURIComponent(id)}/download`, undefined, me.headers),
          );
        else
          await check(
            'documents',
            await t.json('DELETE', `/api/projects/${theirs}/documents/${encodeURIComponent(id)}`, undefined, me.headers),
          );
      }),
      { numRuns: RUNS },
    );
    const rows = await t.db().selectFrom('project_documents').select(['project_id', 'storage_key']).execute();
    expect(rows.every((r) => r.project_id === mine)).toBe(true);
    expect(await t.db().selectFrom('storage_pending').selectAll().execute()).toEqual([]);
    if (process.env.PROJECTS_FUZZ_VERBOSE) console.log(JSON.stringify(seen));
  }, 900_000);
});
