import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { makeProject } from './support/projects.ts';

/**
 * Role matrix of every mailbox endpoint: the owner of a message, another user (a contact), an
 * admin and an anonymous caller. Only the owner reads, moves or deletes it; for everyone else its
 * id behaves like one that does not exist, and the message stays as it was. Plus forged requests
 * the UI never sends (cross-site, no CSRF token, someone else's draft or conversation, extra fields).
 */
type Actor = 'owner' | 'other' | 'admin' | 'anonymous';
const ACTORS: Actor[] = ['other', 'admin', 'anonymous', 'owner'];

describe(`mailbox role matrix on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let other: SignedInTestUser;
  let admin: SignedInTestUser;
  let messageId: string;
  let draftId: string;
  const headersOf = (a: Actor) => (a === 'owner' ? owner.headers : a === 'other' ? other.headers : a === 'admin' ? admin.headers : {});

  async function snapshot() {
    return t
      .db()
      .selectFrom('messages')
      .select(['folder', 'starred', 'read_at', 'subject', 'body'])
      .where('id', 'in', [messageId, draftId])
      .orderBy('id')
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn({ name: 'Owner' });
    other = await t.signIn({ name: 'Other' });
    admin = await t.signIn({ name: 'Admin', role: 'admin' });
    await makeProject(t, { owner, editor: other, viewer: admin });
    const res = await t.json(
      'POST',
      '/api/mail/messages',
      { to: [owner.id], subject: 'Private matter', body: 'for the owner only' },
      other.headers,
    );
    expect(res.status).toBe(201);
    messageId = (
      await t
        .db()
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', owner.id)
        .where('subject', '=', 'Private matter')
        .executeTakeFirstOrThrow()
    ).id;
    const d = await t.json('POST', '/api/mail/drafts', { to: [other.id], subject: 'Owner draft', body: 'unsent' }, owner.headers);
    draftId = ((await d.json()) as { message: { id: string } }).message.id;
  });
  afterAll(async () => t?.close());

  const endpoints: { name: string; call: (a: Actor) => Promise<Response>; expect: Record<Actor, number> }[] = [
    {
      name: 'GET message',
      call: (a) => t.json('GET', `/api/mail/messages/${messageId}`, undefined, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'PATCH star',
      call: (a) => t.json('PATCH', `/api/mail/messages/${messageId}`, { starred: true }, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'PATCH read',
      call: (a) => t.json('PATCH', `/api/mail/messages/${messageId}`, { read: false }, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'PATCH archive',
      call: (a) => t.json('PATCH', `/api/mail/messages/${messageId}`, { folder: 'archive' }, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'PATCH trash',
      call: (a) => t.json('PATCH', `/api/mail/messages/${messageId}`, { folder: 'trash' }, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'PUT draft',
      call: (a) => t.json('PUT', `/api/mail/drafts/${draftId}`, { to: [other.id], subject: 'changed' }, headersOf(a)),
      expect: { owner: 200, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'send a foreign draft',
      call: (a) =>
        t.json('POST', '/api/mail/messages', { to: [owner.id], subject: 'x', body: 'y', draftId }, headersOf(a === 'owner' ? 'other' : a)),
      expect: { owner: 404, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'reply into a foreign conversation',
      call: (a) =>
        t.json(
          'POST',
          '/api/mail/messages',
          { to: [owner.id], subject: 'x', body: 'y', inReplyTo: messageId },
          headersOf(a === 'owner' ? 'other' : a),
        ),
      expect: { owner: 404, other: 404, admin: 404, anonymous: 401 },
    },
    {
      name: 'bulk',
      call: (a) => t.json('POST', '/api/mail/messages/bulk', { ids: [messageId, draftId], action: 'star' }, headersOf(a)),
      expect: { owner: 200, other: 200, admin: 200, anonymous: 401 },
    },
    {
      name: 'list',
      call: (a) => t.json('GET', '/api/mail/messages?folder=trash', undefined, headersOf(a)),
      expect: { owner: 200, other: 200, admin: 200, anonymous: 401 },
    },
    {
      name: 'counts',
      call: (a) => t.json('GET', '/api/mail/counts', undefined, headersOf(a)),
      expect: { owner: 200, other: 200, admin: 200, anonymous: 401 },
    },
    {
      name: 'contacts',
      call: (a) => t.json('GET', '/api/mail/contacts', undefined, headersOf(a)),
      expect: { owner: 200, other: 200, admin: 200, anonymous: 401 },
    },
    {
      name: 'new draft',
      call: (a) => t.json('POST', '/api/mail/drafts', { subject: 'mine' }, headersOf(a)),
      expect: { owner: 201, other: 201, admin: 201, anonymous: 401 },
    },
    {
      name: 'DELETE forever',
      call: (a) => t.json('DELETE', `/api/mail/messages/${messageId}`, undefined, headersOf(a)),
      expect: { owner: 204, other: 404, admin: 404, anonymous: 401 },
    },
  ];

  it('every endpoint × owner, other user, admin, anonymous', async () => {
    const failures: string[] = [];
    for (const ep of endpoints) {
      for (const actor of ACTORS) {
        const before = await snapshot();
        const res = await ep.call(actor);
        const text = await res.text();
        if (res.status !== ep.expect[actor]) failures.push(`${ep.name} as ${actor}: ${res.status} ${text.slice(0, 200)}`);
        if (actor !== 'owner') {
          // Nobody else changed it, and nothing of it leaked.
          if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) failures.push(`${ep.name} as ${actor} changed the owner's mail`);
          if (text.includes('for the owner only') || text.includes('unsent'))
            failures.push(`${ep.name} as ${actor} revealed the owner's mail`);
        }
        if (res.status >= 400) {
          const b = JSON.parse(text) as { error?: { code?: string; message?: string } };
          if (typeof b.error?.code !== 'string' || typeof b.error?.message !== 'string')
            failures.push(`${ep.name} as ${actor}: not the error shape`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The owner's bulk star did touch both; the last DELETE removed the message for good.
    expect(await t.db().selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()).toBeUndefined();
  });

  it('refuses forged requests: cross-site, no CSRF token, fields the UI never sends', async () => {
    const m = await t.json('POST', '/api/mail/messages', { to: [owner.id], subject: 'Forgery target', body: 'x' }, other.headers);
    expect(m.status).toBe(201);
    const noToken = await t.app.request('/api/mail/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl, ...other.headers },
      body: JSON.stringify({ to: [owner.id], subject: 'forged', body: 'x' }),
    });
    expect(noToken.status).toBe(403);
    const crossSite = await t.json(
      'POST',
      '/api/mail/messages',
      { to: [owner.id], subject: 'forged', body: 'x' },
      { ...other.headers, origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    // A sender cannot be spoofed: unknown fields are refused, not ignored.
    for (const extra of [
      { from: 'Waymark' },
      { fromUserId: owner.id },
      { kind: 'recovery' },
      { folder: 'inbox' },
      { links: [{ label: 'x', url: 'javascript:alert(1)' }] },
    ]) {
      const res = await t.json('POST', '/api/mail/messages', { to: [owner.id], subject: 'forged', body: 'x', ...extra }, other.headers);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    // A PATCH cannot file a message in someone's Sent, or mark it system mail.
    const id = (
      await t
        .db()
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', owner.id)
        .where('subject', '=', 'Forgery target')
        .executeTakeFirstOrThrow()
    ).id;
    for (const b of [{ folder: 'sent' }, { folder: 'drafts' }, { kind: 'recovery' }, { userId: other.id }, { starred: 'yes' }]) {
      expect((await t.json('PATCH', `/api/mail/messages/${id}`, b, owner.headers)).status, JSON.stringify(b)).toBe(400);
    }
    expect(await t.db().selectFrom('messages').select('id').where('subject', '=', 'forged').execute()).toEqual([]);
  });
});
