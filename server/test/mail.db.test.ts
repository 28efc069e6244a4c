import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailCounts, mailList, mailMessageResponse, type MailMessage } from '@waymark/contracts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { makeProject } from './support/projects.ts';
import { startSmtp, type TestSmtp } from './support/smtp.ts';

/**
 * The mailbox (issue 17) on the real app and database, with SMTP going to a real SMTP server
 * (npm smtp-server) started by this test on 127.0.0.1.
 */
const NIL = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let smtp: TestSmtp;
let alice: SignedInTestUser;
let bob: SignedInTestUser;
let carol: SignedInTestUser;
let admin: SignedInTestUser;

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function errorCode(res: Response, status: number) {
  const b = await body<{ error: { code: string; message: string; details?: { issues?: { path: string }[] } } }>(res, status);
  expect(typeof b.error.message).toBe('string');
  return b.error;
}

const list = async (who: SignedInTestUser, query = '') =>
  mailList.parse(await body(await t.json('GET', `/api/mail/messages${query}`, undefined, who.headers), 200));

const send = (who: SignedInTestUser, b: Record<string, unknown>) => t.json('POST', '/api/mail/messages', b, who.headers);

async function sent(who: SignedInTestUser, b: Record<string, unknown>): Promise<MailMessage> {
  return mailMessageResponse.parse(await body(await send(who, b), 201)).message;
}

/** The recipient's copy of a message (by subject) in a folder. */
async function copyOf(who: SignedInTestUser, subject: string, folder = 'inbox') {
  const l = await list(who, `?folder=${folder}&q=${encodeURIComponent(subject)}`);
  return l.messages.find((m) => m.subject === subject);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_SEND_PER_HOUR: '8', PUBLIC_URL: 'http://maps.example.test' });
  alice = await t.signIn({ name: 'Alice Runner' });
  bob = await t.signIn({ name: 'Bob Trail' });
  carol = await t.signIn({ name: 'Carol Outsider' });
  admin = await t.signIn({ name: 'Ada Admin', role: 'admin' });
  await makeProject(t, { owner: alice, editor: bob });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mailbox', () => {
  it('system mail arrives in the inbox from "Waymark"', async () => {
    await t.ctx.mailer.notify(alice.id, 'notice', { subject: 'Welcome aboard', text: 'Hello from the instance' });
    const m = await copyOf(alice, 'Welcome aboard');
    expect(m).toMatchObject({ fromName: 'Waymark', system: true, folder: 'inbox', read: false, fromUserId: null });
  });

  it('autocompletes contacts: project members (not outsiders) for users, anyone for admins', async () => {
    const mine = await body<{ contacts: { id: string; name: string }[] }>(
      await t.json('GET', '/api/mail/contacts?q=', undefined, alice.headers),
      200,
    );
    expect(mine.contacts.map((c) => c.id)).toEqual([bob.id]);
    const filtered = await body<{ contacts: { id: string }[] }>(
      await t.json('GET', '/api/mail/contacts?q=zzz', undefined, alice.headers),
      200,
    );
    expect(filtered.contacts).toEqual([]);
    const all = await body<{ contacts: { id: string }[] }>(
      await t.json('GET', '/api/mail/contacts?q=o&limit=20', undefined, admin.headers),
      200,
    );
    expect(all.contacts.map((c) => c.id)).toEqual(expect.arrayContaining([alice.id, bob.id, carol.id]));
    expect(all.contacts.map((c) => c.id)).not.toContain(admin.id);
    await errorCode(await t.json('GET', `/api/mail/contacts?q=${'x'.repeat(101)}`, undefined, alice.headers), 400);
    await errorCode(await t.json('GET', '/api/mail/contacts?limit=0', undefined, alice.headers), 400);
  });

  it('A writes to B: Sent for A, unread in B’s inbox, an SMTP copy with the right headers', async () => {
    const m = await sent(alice, { to: [bob.id], subject: 'Trail day', body: 'Meet at 8 <b>sharp</b>\nhttps://example.org/x' });
    expect(m).toMatchObject({ folder: 'sent', read: true, fromUserId: alice.id, fromName: 'Alice Runner', system: false, kind: 'direct' });
    expect(m.recipients).toEqual([{ id: bob.id, name: 'Bob Trail', email: bob.email }]);
    const copy = await copyOf(bob, 'Trail day');
    expect(copy).toMatchObject({
      folder: 'inbox',
      read: false,
      fromUserId: alice.id,
      body: 'Meet at 8 <b>sharp</b>\nhttps://example.org/x',
    });
    expect(copy!.threadId).toBe(m.threadId);
    const counts = mailCounts.parse(await body(await t.json('GET', '/api/mail/counts', undefined, bob.headers), 200));
    expect(counts.unread).toBeGreaterThanOrEqual(1);
    expect(counts.latest?.id).toBe(copy!.id);

    const mail = await smtp.waitFor(bob.email, /Trail day/);
    expect(mail.raw).toMatch(/^From: "?Alice Runner via Waymark"? <no-reply@waymark\.local>/m);
    expect(mail.raw).toMatch(new RegExp(`^To: ${bob.email.replace(/[.+]/g, '\\$&')}`, 'm'));
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@maps\.example\.test>/im);
    expect(mail.raw).toMatch(/^X-Waymark-Kind: direct/m);
    expect(mail.text).toContain('Meet at 8 <b>sharp</b>');
    expect(mail.text).toContain('http://maps.example.test/email');
    // Nothing to the sender by SMTP.
    expect(smtp.inbox.filter((x) => x.to.includes(alice.email) && /Trail day/.test(x.subject))).toHaveLength(0);
  });

  it('B replies (reply-all), A sees the reply in the same conversation with In-Reply-To', async () => {
    const copy = (await copyOf(bob, 'Trail day'))!;
    const opened = mailMessageResponse.parse(await body(await t.json('GET', `/api/mail/messages/${copy.id}`, undefined, bob.headers), 200));
    expect(opened.message.read).toBe(true);
    const reply = await sent(bob, { to: [alice.id], subject: 'Re: Trail day', body: 'See you there', inReplyTo: copy.id });
    expect(reply.threadId).toBe(copy.threadId);
    const got = (await copyOf(alice, 'Re: Trail day'))!;
    expect(got).toMatchObject({ fromUserId: bob.id, threadId: copy.threadId, read: false });
    const mail = await smtp.waitFor(alice.email, /Re: Trail day/);
    expect(mail.raw).toMatch(/^In-Reply-To: <[0-9a-f-]{36}@maps\.example\.test>/m);
    expect(mail.raw).toMatch(/^References: <[0-9a-f-]{36}@maps\.example\.test>/m);
  });

  it('refuses recipients who are not contacts, but allows answering someone who wrote to you', async () => {
    const e = await errorCode(await send(alice, { to: [carol.id], subject: 'Hi', body: 'x' }), 422);
    expect(e.code).toBe('unknown_recipient');
    expect(e.details?.issues?.[0]?.path).toBe('to.0');
    const ghost = await errorCode(await send(alice, { to: [bob.id], cc: [NIL], subject: 'Hi', body: 'x' }), 422);
    expect(ghost.details?.issues?.[0]?.path).toBe('cc.0');
    expect(await copyOf(bob, 'Hi')).toBeUndefined();
    // An admin may write to anyone; the outsider may then answer the admin.
    await sent(admin, { to: [carol.id], subject: 'Admin notice', body: 'Please update your profile' });
    const c = (await copyOf(carol, 'Admin notice'))!;
    await sent(carol, { to: [admin.id], subject: 'Re: Admin notice', body: 'Done', inReplyTo: c.id });
    await sent(carol, { to: [admin.id], subject: 'Follow-up', body: 'One more thing' });
    // …but not a third person the admin never put on that conversation.
    expect((await errorCode(await send(carol, { to: [bob.id], subject: 'x', body: 'y', inReplyTo: c.id }), 422)).code).toBe(
      'unknown_recipient',
    );
  });

  it('bad ids, over-long subjects and bodies, too many recipients → 4xx, nothing stored', async () => {
    const before = (await list(alice, '?folder=sent')).total;
    await errorCode(await send(alice, { to: [bob.id], subject: 's'.repeat(201), body: 'x' }), 400);
    await errorCode(await send(alice, { to: [bob.id], subject: 's', body: 'b'.repeat(20_001) }), 400);
    const many = Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await errorCode(await send(alice, { to: many, subject: 's', body: 'b' }), 400);
    await errorCode(await send(alice, { to: many.slice(0, 11), cc: many.slice(0, 10), subject: 's', body: 'b' }), 400);
    await errorCode(await send(alice, { to: [], subject: 's', body: 'b' }), 400);
    await errorCode(await send(alice, { to: ['bob'], subject: 's', body: 'b' }), 400);
    await errorCode(await send(alice, { to: [bob.id], subject: 's', body: 'b', extra: 1 }), 400);
    await errorCode(await send(alice, { to: [bob.id], subject: 's', body: 'b', inReplyTo: NIL }), 404);
    await errorCode(await t.json('GET', '/api/mail/messages/123', undefined, alice.headers), 400);
    await errorCode(await t.json('GET', '/api/mail/messages?folder=spam', undefined, alice.headers), 400);
    await errorCode(await t.json('GET', `/api/mail/messages?q=${'q'.repeat(201)}`, undefined, alice.headers), 400);
    await errorCode(await t.json('PATCH', `/api/mail/messages/${NIL}`, {}, alice.headers), 400);
    await errorCode(await t.json('PATCH', `/api/mail/messages/${NIL}`, { folder: 'sent' }, alice.headers), 400);
    await errorCode(await t.json('POST', '/api/mail/messages/bulk', { ids: [], action: 'read' }, alice.headers), 400);
    await errorCode(await t.json('POST', '/api/mail/messages/bulk', { ids: [NIL], action: 'explode' }, alice.headers), 400);
    await errorCode(await t.json('POST', '/api/mail/messages/bulk', { ids: Array(501).fill(NIL), action: 'read' }, alice.headers), 400);
    expect((await list(alice, '?folder=sent')).total).toBe(before);
  });

  it('star, archive, trash, restore and delete forever move it between folders', async () => {
    await sent(alice, { to: [bob.id], subject: 'Folder tour', body: 'moving around' });
    const m = (await copyOf(bob, 'Folder tour'))!;
    const patch = async (b: Record<string, unknown>) =>
      mailMessageResponse.parse(await body(await t.json('PATCH', `/api/mail/messages/${m.id}`, b, bob.headers), 200)).message;
    expect((await patch({ starred: true })).starred).toBe(true);
    expect((await copyOf(bob, 'Folder tour', 'starred'))?.id).toBe(m.id);
    expect((await patch({ folder: 'archive' })).folder).toBe('archive');
    expect(await copyOf(bob, 'Folder tour', 'inbox')).toBeUndefined();
    expect((await copyOf(bob, 'Folder tour', 'archive'))?.id).toBe(m.id);
    expect((await patch({ folder: 'trash' })).folder).toBe('trash');
    expect(await copyOf(bob, 'Folder tour', 'starred')).toBeUndefined();
    expect((await errorCode(await t.json('PATCH', `/api/mail/messages/${m.id}`, { folder: 'archive' }, bob.headers), 409)).code).toBe(
      'invalid_move',
    );
    // Restore puts it back where it was (the archive), then "move to inbox" takes it home.
    expect((await patch({ folder: 'inbox' })).folder).toBe('archive');
    expect((await patch({ folder: 'inbox' })).folder).toBe('inbox');
    expect((await patch({ read: false })).read).toBe(false);
    // Delete forever only from the trash.
    expect((await errorCode(await t.json('DELETE', `/api/mail/messages/${m.id}`, undefined, bob.headers), 409)).code).toBe('not_in_trash');
    await patch({ folder: 'trash' });
    expect((await t.json('DELETE', `/api/mail/messages/${m.id}`, undefined, bob.headers)).status).toBe(204);
    await errorCode(await t.json('GET', `/api/mail/messages/${m.id}`, undefined, bob.headers), 404);
    // The sender's copy is untouched, and a sent message restores to Sent.
    const mine = (await copyOf(alice, 'Folder tour', 'sent'))!;
    await t.json('PATCH', `/api/mail/messages/${mine.id}`, { folder: 'trash' }, alice.headers);
    const back = mailMessageResponse.parse(
      await body(await t.json('PATCH', `/api/mail/messages/${mine.id}`, { folder: 'inbox' }, alice.headers), 200),
    );
    expect(back.message.folder).toBe('sent');
  });

  it('bulk actions touch only your own messages', async () => {
    for (const s of ['Bulk 1', 'Bulk 2', 'Bulk 3']) await sent(alice, { to: [bob.id], subject: s, body: s });
    const bobs = (await list(bob, '?q=Bulk')).messages.map((m) => m.id);
    const alices = (await list(alice, '?folder=sent&q=Bulk')).messages.map((m) => m.id);
    expect(bobs).toHaveLength(3);
    const bulk = async (who: SignedInTestUser, ids: string[], action: string) =>
      body<{ updated: number }>(await t.json('POST', '/api/mail/messages/bulk', { ids, action }, who.headers), 200);
    // Carol's ids do not exist for her: nothing changes.
    expect((await bulk(carol, bobs, 'trash')).updated).toBe(0);
    expect((await bulk(bob, [...bobs, ...alices], 'read')).updated).toBe(3);
    expect((await list(bob, '?q=Bulk&unread=true')).total).toBe(0);
    expect((await bulk(bob, bobs, 'archive')).updated).toBe(3);
    expect((await bulk(bob, bobs, 'trash')).updated).toBe(3);
    expect((await list(bob, '?folder=trash&q=Bulk')).total).toBe(3);
    expect((await bulk(bob, bobs.slice(0, 1), 'restore')).updated).toBe(1);
    expect((await bulk(bob, bobs, 'delete')).updated).toBe(2);
    expect((await list(alice, '?folder=sent&q=Bulk')).total).toBe(3);
  });

  it('search (subject, body, sender), unread tab and pagination', async () => {
    await sent(bob, { to: [alice.id], subject: 'Pyrenees plan', body: 'the Coma Pedrosa ridge' });
    expect((await list(alice, '?q=pedrosa')).messages.map((m) => m.subject)).toEqual(['Pyrenees plan']);
    expect((await list(alice, '?q=bob%20trail')).messages.map((m) => m.subject)).toContain('Pyrenees plan');
    expect((await list(alice, '?q=100%25')).total).toBe(0);
    const unread = await list(alice, '?unread=true');
    expect(unread.messages.every((m) => !m.read)).toBe(true);
    const p1 = await list(alice, '?limit=1');
    expect(p1.messages).toHaveLength(1);
    expect(p1.nextOffset).toBe(1);
    const p2 = await list(alice, `?limit=1&offset=${p1.nextOffset}`);
    expect(p2.messages[0]!.id).not.toBe(p1.messages[0]!.id);
    const last = await list(alice, `?limit=200`);
    expect(last.nextOffset).toBeNull();
  });

  it('drafts are saved, updated and sent (they leave Drafts)', async () => {
    const d = mailMessageResponse.parse(
      await body(await t.json('POST', '/api/mail/drafts', { to: [bob.id], subject: 'Draft 1' }, alice.headers), 201),
    ).message;
    expect(d.folder).toBe('drafts');
    const u = mailMessageResponse.parse(
      await body(
        await t.json('PUT', `/api/mail/drafts/${d.id}`, { to: [bob.id], subject: 'Draft 1', body: 'more text' }, alice.headers),
        200,
      ),
    ).message;
    expect(u.body).toBe('more text');
    await errorCode(await t.json('PUT', `/api/mail/drafts/${d.id}`, { to: [bob.id] }, bob.headers), 404);
    await errorCode(await t.json('POST', '/api/mail/drafts', { to: [carol.id] }, alice.headers), 422);
    await sent(alice, { to: [bob.id], subject: 'Draft 1', body: 'more text', draftId: d.id });
    expect((await list(alice, '?folder=drafts')).total).toBe(0);
    expect((await errorCode(await t.json('PUT', `/api/mail/drafts/${d.id}`, { subject: 'x' }, alice.headers), 404)).code).toBe('not_found');
    const sentCopy = (await copyOf(alice, 'Draft 1', 'sent'))!;
    expect((await errorCode(await t.json('PUT', `/api/mail/drafts/${sentCopy.id}`, { subject: 'x' }, alice.headers), 409)).code).toBe(
      'not_a_draft',
    );
  });

  it('limits the send rate per user: 429 with Retry-After and a clear message', async () => {
    const dan = await t.signIn({ name: 'Dan Sender' });
    await makeProject(t, { owner: dan, editor: bob }, 'Dan and Bob');
    for (let i = 0; i < 8; i++) await sent(dan, { to: [bob.id], subject: `Rate ${i}`, body: 'x' });
    // Deleting what was sent does not reset the count.
    const ids = (await list(dan, '?folder=sent')).messages.map((m) => m.id);
    await t.json('POST', '/api/mail/messages/bulk', { ids, action: 'trash' }, dan.headers);
    await t.json('POST', '/api/mail/messages/bulk', { ids, action: 'delete' }, dan.headers);
    const res = await send(dan, { to: [bob.id], subject: 'Rate 9', body: 'x' });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const e = await errorCode(res, 429);
    expect(e.code).toBe('rate_limited');
    expect(e.message).toMatch(/8 messages per hour/);
    expect(await copyOf(bob, 'Rate 9')).toBeUndefined();
    // Concurrent sends cannot slip past the limit either.
    const eve = await t.signIn({ name: 'Eve Burst' });
    await makeProject(t, { owner: eve, editor: bob }, 'Eve and Bob');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(eve, { to: [bob.id], subject: `Burst ${i}`, body: 'x' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(8);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
  });

  it('a notification turned off sends nothing; smtp off keeps it in the mailbox only', async () => {
    const frank = await t.signIn({ name: 'Frank Prefs' });
    await t.db().insertInto('mail_preferences').values({ user_id: frank.id, project_invitations: false, updated_at: new Date() }).execute();
    expect(await t.ctx.mailer.send({ channel: 'email', to: frank.email, kind: 'project_invitation', subject: 'Join P', text: 'x' })).toBe(
      'none',
    );
    expect(await copyOf(frank, 'Join P')).toBeUndefined();
    // Security mail cannot be turned off.
    expect(await t.ctx.mailer.send({ channel: 'email', to: frank.email, kind: 'recovery', subject: 'Reset it', text: 'x' })).toBe('smtp');
    await smtp.waitFor(frank.email, /Reset it/);
    await t.db().updateTable('mail_preferences').set({ project_invitations: true, smtp: false }).where('user_id', '=', frank.id).execute();
    expect(await t.ctx.mailer.send({ channel: 'email', to: frank.email, kind: 'project_invitation', subject: 'Join Q', text: 'x' })).toBe(
      'mailbox',
    );
    expect(await copyOf(frank, 'Join Q')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox.some((x) => x.subject === 'Join Q')).toBe(false);
  });
});
