import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { anyJsonOf, fuzzChecks, maybe, oddTextOf, queryStringOf, uriPart } from './support/fuzz.ts';
import { makeProject } from './support/projects.ts';

/**
 * Property-based fuzz of the mailbox API: random JSON bodies, query strings and ids against every
 * endpoint group. For every request: no 5xx, every non-2xx is the one error shape, and another
 * user's message is never revealed nor changed. MAIL_FUZZ_RUNS sets the bodies per group (default 2,000).
 */
const RUNS = Number(process.env.MAIL_FUZZ_RUNS ?? 2000);
const SECRET = 'Zq7StrangersLetterMarker';

const oddText = oddTextOf('%_', '<script>alert(1)</script>', 'a'.repeat(20_001), 'inbox', 'trash');
const anyJson = anyJsonOf(oddText);
const queryString = (keys: string[]) =>
  queryStringOf(
    keys,
    fc.oneof(fc.string({ maxLength: 20 }), oddText, fc.integer().map(String), fc.constantFrom('true', 'false', '1', 'starred', 'drafts')),
    5,
  );

describe(`mailbox API fuzz on ${TEST_DB} (${RUNS} bodies per group)`, () => {
  let t: TestApp;
  let me: SignedInTestUser;
  let friend: SignedInTestUser;
  let stranger: SignedInTestUser;
  let theirs: string;
  let mine: string;
  const { seen, check, send: call } = fuzzChecks({ app: () => t, as: () => me, secret: SECRET, revealed: "another user's message" });
  let ids: fc.Arbitrary<string>;
  let people: fc.Arbitrary<unknown>;

  beforeAll(async () => {
    t = await createTestApp({ MAIL_SEND_PER_HOUR: '100000' });
    me = await t.signIn();
    friend = await t.signIn();
    stranger = await t.signIn();
    await makeProject(t, { owner: me, editor: friend });
    await makeProject(t, { owner: stranger, editor: friend }, 'Theirs');
    expect((await t.json('POST', '/api/mail/messages', { to: [friend.id], subject: SECRET, body: SECRET }, stranger.headers)).status).toBe(
      201,
    );
    theirs = (
      await t
        .db()
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', friend.id)
        .where('subject', '=', SECRET)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await t.json('POST', '/api/mail/messages', { to: [friend.id], subject: 'hello', body: 'x' }, me.headers)).status).toBe(201);
    mine = (await t.db().selectFrom('messages').select('id').where('user_id', '=', me.id).executeTakeFirstOrThrow()).id;
    ids = fc.oneof(
      fc.uuid(),
      fc.constantFrom(theirs, mine, friend.id, stranger.id, me.id, '', 'x', '00000000-0000-0000-0000-000000000000'),
      fc.string({ maxLength: 40 }),
    );
    people = fc.oneof(fc.array(ids, { maxLength: 25 }), anyJson);
  });
  afterAll(async () => {
    // The stranger's letter to the friend was never changed by anything the fuzz sent as `me`.
    if (t) {
      const row = await t
        .db()
        .selectFrom('messages')
        .select(['folder', 'starred', 'read_at', 'body'])
        .where('id', '=', theirs)
        .executeTakeFirst();
      expect(row).toMatchObject({ folder: 'inbox', starred: false, read_at: null, body: SECRET });
      console.log('mail fuzz statuses per group:', JSON.stringify(seen));
      await t.close();
    }
  });

  const pathId = (id: string) => uriPart(id) || 'x';

  it('list, counts and contacts (random query strings)', async () => {
    await fc.assert(
      fc.asyncProperty(queryString(['folder', 'unread', 'q', 'limit', 'offset', 'x']), queryString(['q', 'limit', 'y']), async (qs, cq) => {
        await check('list', await call('GET', `/api/mail/messages?${qs}`));
        await check('list', await call('GET', `/api/mail/contacts?${cq}`));
      }),
      { numRuns: RUNS },
    );
    await check('list', await call('GET', '/api/mail/counts'));
  });

  it('send (random bodies: recipients, subjects, bodies, replies, drafts)', async () => {
    const body = fc.oneof(
      fc.record(
        {
          to: people,
          cc: maybe(people),
          subject: maybe(fc.oneof(fc.string({ maxLength: 210 }), oddText, fc.integer())),
          body: maybe(fc.oneof(fc.string({ maxLength: 100 }), oddText, fc.constant(null))),
          inReplyTo: maybe(ids),
          draftId: maybe(ids),
          extra: maybe(anyJson),
        },
        { requiredKeys: [] },
      ),
      // Mostly well-formed: exercises the recipient rules, replies into foreign conversations and text edge cases.
      fc.record(
        {
          to: fc.oneof(fc.constant([friend.id]), fc.array(fc.constantFrom(friend.id, stranger.id, me.id), { minLength: 1, maxLength: 3 })),
          cc: maybe(fc.array(fc.constantFrom(friend.id, stranger.id), { maxLength: 2 })),
          subject: fc.oneof(fc.string({ maxLength: 60 }), oddText),
          body: fc.oneof(fc.string({ maxLength: 200 }), oddText),
          inReplyTo: maybe(fc.constantFrom(mine, theirs)),
        },
        { requiredKeys: ['to', 'subject', 'body'] },
      ),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => check('send', await call('POST', '/api/mail/messages', b))),
      { numRuns: RUNS },
    );
  });

  it('drafts (random bodies and ids)', async () => {
    const body = fc.oneof(
      fc.record(
        {
          to: maybe(people),
          cc: maybe(people),
          subject: maybe(fc.oneof(fc.string(), oddText)),
          body: maybe(fc.oneof(fc.string(), oddText)),
          inReplyTo: maybe(ids),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(body, ids, fc.boolean(), async (b, id, create) =>
        check('drafts', create ? await call('POST', '/api/mail/drafts', b) : await call('PUT', `/api/mail/drafts/${pathId(id)}`, b)),
      ),
      { numRuns: RUNS },
    );
  });

  it('read, update and delete one message (random ids and bodies)', async () => {
    const body = fc.oneof(
      fc.record(
        {
          read: maybe(fc.oneof(fc.boolean(), anyJson)),
          starred: maybe(fc.oneof(fc.boolean(), anyJson)),
          folder: maybe(fc.oneof(fc.constantFrom('inbox', 'archive', 'trash', 'sent', 'drafts', 'starred'), oddText)),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(ids, body, fc.constantFrom('GET', 'PATCH', 'DELETE'), async (id, b, method) =>
        check('message', await call(method, `/api/mail/messages/${pathId(id)}`, method === 'PATCH' ? b : undefined)),
      ),
      { numRuns: RUNS },
    );
  });

  it('bulk actions (random id lists and actions)', async () => {
    const body = fc.oneof(
      fc.record(
        {
          ids: fc.oneof(fc.array(ids, { maxLength: 30 }), anyJson),
          action: fc.oneof(fc.constantFrom('read', 'unread', 'star', 'unstar', 'archive', 'trash', 'restore', 'delete', 'send'), oddText),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => check('bulk', await call('POST', '/api/mail/messages/bulk', b))),
      { numRuns: RUNS },
    );
  });
});
