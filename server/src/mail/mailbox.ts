import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { MailBulkAction, MailCounts, MailFolder, MailList, MailMessage, MailPerson, MailView } from '@waymark/contracts';
import type { AppContext, RequestUser } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import type { Mailer } from './mailer.ts';
import { loadNotificationPreferences } from './preferences.ts';
import type { MessagesTable } from './schema.ts';

type Row = Selectable<MessagesTable>;

const HOUR_MS = 3600_000;

export function toMessageJson(m: Row): MailMessage {
  return {
    id: m.id,
    channel: m.channel === 'sms' ? 'sms' : 'email',
    to: m.to_address,
    from: m.from_address,
    fromName: m.from_name,
    fromUserId: m.from_user_id,
    recipients: Array.isArray(m.recipients) ? m.recipients : [],
    cc: Array.isArray(m.cc) ? m.cc : [],
    subject: m.subject,
    body: m.body,
    links: Array.isArray(m.links) ? m.links : [],
    kind: m.kind,
    folder: m.folder,
    read: m.read_at !== null,
    starred: m.starred,
    system: m.kind !== 'direct',
    threadId: m.thread_key ?? m.message_key,
    createdAt: new Date(m.created_at).toISOString(),
    updatedAt: new Date(m.updated_at).toISOString(),
  };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface ComposeInput {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  inReplyTo?: string;
}

/**
 * One user's mailbox: listing, reading, moving, deleting, drafts and sending to other users of
 * this instance. Every query is scoped to the signed-in user's own copies (`user_id`), so another
 * user's message id behaves exactly like an id that does not exist (404, or skipped in bulk).
 */
export class Mailbox {
  private projectsTable: Promise<boolean> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly mailer: Mailer,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  async list(me: RequestUser, q: { folder: MailView; unread: boolean; q: string; limit: number; offset: number }): Promise<MailList> {
    let base = this.db.selectFrom('messages').where('user_id', '=', me.id);
    base = q.folder === 'starred' ? base.where('starred', '=', true).where('folder', '<>', 'trash') : base.where('folder', '=', q.folder);
    if (q.unread) base = base.where('read_at', 'is', null);
    if (q.q) {
      const p = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([eb('subject', 'ilike', p), eb('body', 'ilike', p), eb('from_name', 'ilike', p), eb('from_address', 'ilike', p)]),
      );
    }
    const [rows, total, unread] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
      base.select(this.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      this.inboxUnread(me.id),
    ]);
    const n = Number(total.n);
    return {
      messages: rows.map(toMessageJson),
      unread,
      total: n,
      nextOffset: q.offset + rows.length < n ? q.offset + rows.length : null,
    };
  }

  private async inboxUnread(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('messages')
      .select(this.db.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('folder', '=', 'inbox')
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async counts(me: RequestUser): Promise<MailCounts> {
    const rows = await sql<{ folder: MailFolder; total: string; unread: string; starred: string; starred_unread: string }>`
      select folder,
             count(*) as total,
             count(*) filter (where read_at is null) as unread,
             count(*) filter (where starred) as starred,
             count(*) filter (where starred and read_at is null) as starred_unread
        from messages where user_id = ${me.id} group by folder`.execute(this.db);
    const zero = () => ({ total: 0, unread: 0 });
    const folders = { inbox: zero(), sent: zero(), drafts: zero(), archive: zero(), trash: zero(), starred: zero() };
    for (const r of rows.rows) {
      folders[r.folder] = { total: Number(r.total), unread: Number(r.unread) };
      if (r.folder !== 'trash') {
        folders.starred.total += Number(r.starred);
        folders.starred.unread += Number(r.starred_unread);
      }
    }
    const latest = await this.db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      unread: folders.inbox.unread,
      folders,
      latest: latest ? { id: latest.id, createdAt: new Date(latest.created_at).toISOString() } : null,
    };
  }

  private async mine(me: RequestUser, id: string): Promise<Row> {
    const row = await this.db.selectFrom('messages').selectAll().where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No such message');
    return row;
  }

  /** Open a message: it becomes read. */
  async read(me: RequestUser, id: string): Promise<MailMessage> {
    const row = await this.db
      .updateTable('messages')
      .set({ read_at: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', me.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No such message');
    return toMessageJson(row);
  }

  async update(me: RequestUser, id: string, b: { read?: boolean; starred?: boolean; folder?: 'inbox' | 'archive' | 'trash' }) {
    const row = await this.mine(me, id);
    if (b.folder === 'archive' && !['inbox', 'sent', 'archive'].includes(row.folder)) {
      throw new HttpError(409, 'invalid_move', `A message in ${row.folder === 'drafts' ? 'Drafts' : 'the trash'} cannot be archived.`);
    }
    if (b.read !== undefined) await this.apply(me, [id], b.read ? 'read' : 'unread');
    if (b.starred !== undefined) await this.apply(me, [id], b.starred ? 'star' : 'unstar');
    if (b.folder) await this.apply(me, [id], b.folder === 'inbox' ? 'restore' : b.folder);
    return toMessageJson(await this.mine(me, id));
  }

  /** Delete forever: only from the trash or the drafts (409 elsewhere: move it to the trash first). */
  async remove(me: RequestUser, id: string) {
    const row = await this.mine(me, id);
    if (row.folder !== 'trash' && row.folder !== 'drafts') {
      throw new HttpError(409, 'not_in_trash', 'Move the message to the trash first; only messages in the trash are deleted forever.');
    }
    await this.apply(me, [id], 'delete');
  }

  /** One action on the user's own messages among `ids`; others, and those it does not apply to, are skipped. */
  async apply(me: RequestUser, ids: string[], action: MailBulkAction): Promise<number> {
    const unique = [...new Set(ids)];
    const now = new Date();
    const mine = this.db.updateTable('messages').where('user_id', '=', me.id).where('id', 'in', unique);
    let r: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined;
    switch (action) {
      case 'read':
        r = await mine.set({ read_at: sql<Date>`coalesce(read_at, now())`, updated_at: now }).executeTakeFirst();
        break;
      case 'unread':
        r = await mine.set({ read_at: null, updated_at: now }).executeTakeFirst();
        break;
      case 'star':
      case 'unstar':
        r = await mine.set({ starred: action === 'star', updated_at: now }).executeTakeFirst();
        break;
      case 'archive':
        r = await mine.where('folder', 'in', ['inbox', 'sent']).set({ folder: 'archive', updated_at: now }).executeTakeFirst();
        break;
      case 'trash':
        r = await mine
          .where('folder', '<>', 'trash')
          .set({ trashed_from: sql<MailFolder>`folder`, folder: 'trash', updated_at: now })
          .executeTakeFirst();
        break;
      case 'restore':
        r = await mine
          .where('folder', 'in', ['trash', 'archive'])
          .set({
            folder: sql<MailFolder>`case when folder = 'trash' then coalesce(trashed_from, origin) else origin end`,
            trashed_from: null,
            updated_at: now,
          })
          .executeTakeFirst();
        break;
      case 'delete':
        r = await this.db
          .deleteFrom('messages')
          .where('user_id', '=', me.id)
          .where('id', 'in', unique)
          .where('folder', 'in', ['trash', 'drafts'])
          .executeTakeFirst();
        break;
    }
    return Number(r?.numUpdatedRows ?? r?.numDeletedRows ?? 0);
  }

  private hasProjects(): Promise<boolean> {
    this.projectsTable ??= sql<{ ok: boolean }>`select to_regclass('project_members') is not null as ok`
      .execute(this.db)
      .then((r) => Boolean(r.rows[0]?.ok));
    return this.projectsTable;
  }

  /**
   * Who the user may write to: everyone for admins; otherwise the members of their projects and
   * anyone who has written to them. `q` filters by name or email; the user is never listed.
   */
  async contacts(me: RequestUser, q: string, limit: number): Promise<MailPerson[]> {
    const p = likePattern(q);
    let users = this.db.selectFrom('users').select(['id', 'name', 'email']).where('id', '<>', me.id).where('banned', '=', false);
    if (q) users = users.where((eb) => eb.or([eb('name', 'ilike', p), eb('email', 'ilike', p)]));
    if (me.role !== 'admin') {
      const projects = await this.hasProjects();
      users = users.where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            eb
              .selectFrom('messages')
              .select('from_user_id')
              .where('user_id', '=', me.id)
              .where('from_user_id', 'is not', null)
              .$narrowType<{ from_user_id: string }>(),
          ),
          ...(projects
            ? [
                eb(
                  'id',
                  'in',
                  sql<string>`(select theirs.user_id from project_members theirs join project_members mine on mine.project_id = theirs.project_id where mine.user_id = ${me.id})`,
                ),
              ]
            : []),
        ]),
      );
    }
    const rows = await users.orderBy('name').orderBy('email').limit(limit).execute();
    return rows.map((u) => ({ id: u.id, name: u.name, email: u.email }));
  }

  /**
   * The recipients as people, each one a user this user may write to (see contacts) or one of
   * the people on the message being answered. Anything else is a 422 naming the position, with the
   * same words for "no such user" and "not one of your contacts" (ids do not reveal accounts).
   */
  private async resolveRecipients(me: RequestUser, b: { to: string[]; cc: string[] }, original: Row | null) {
    const ids = [...new Set([...b.to, ...b.cc])];
    if (ids.length === 0) return new Map<string, MailPerson>();
    const found = await this.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    const byId = new Map(found.map((u) => [u.id, { id: u.id, name: u.name, email: u.email }]));
    let allowed: Set<string> | null = null;
    if (me.role !== 'admin') {
      allowed = new Set([me.id]);
      if (original) {
        if (original.from_user_id) allowed.add(original.from_user_id);
        for (const p of [...original.recipients, ...original.cc]) allowed.add(p.id);
      }
      const unknown = ids.filter((id) => byId.has(id) && !allowed!.has(id));
      if (unknown.length) {
        const contacts = await this.contactIds(me, unknown);
        for (const id of contacts) allowed.add(id);
      }
    }
    const issues: { path: string; message: string }[] = [];
    (['to', 'cc'] as const).forEach((field) =>
      b[field].forEach((id, i) => {
        if (!byId.has(id) || (allowed && !allowed.has(id)))
          issues.push({ path: `${field}.${i}`, message: 'not a user you can write to (share a project with them first)' });
      }),
    );
    if (issues.length)
      throw new HttpError(
        422,
        'unknown_recipient',
        `You cannot write to ${issues.length === 1 ? 'this recipient' : 'these recipients'}: no such user among your contacts.`,
        {
          issues,
        },
      );
    return byId;
  }

  private async contactIds(me: RequestUser, ids: string[]): Promise<string[]> {
    const wrote = await this.db
      .selectFrom('messages')
      .select('from_user_id')
      .distinct()
      .where('user_id', '=', me.id)
      .where('from_user_id', 'in', ids)
      .execute();
    const out = wrote.map((r) => r.from_user_id!);
    if (await this.hasProjects()) {
      const shared = await sql<{ user_id: string }>`
        select distinct theirs.user_id from project_members theirs
          join project_members mine on mine.project_id = theirs.project_id
         where mine.user_id = ${me.id} and theirs.user_id in (${sql.join(ids)})`.execute(this.db);
      out.push(...shared.rows.map((r) => r.user_id));
    }
    return out;
  }

  /** The message being answered or forwarded: one of the user's own copies (404 otherwise). */
  private async original(me: RequestUser, inReplyTo: string | undefined, draft: Row | null): Promise<Row | null> {
    if (inReplyTo) return this.mine(me, inReplyTo);
    if (draft?.in_reply_to) {
      return (
        (await this.db
          .selectFrom('messages')
          .selectAll()
          .where('user_id', '=', me.id)
          .where('message_key', '=', draft.in_reply_to)
          .where('folder', '<>', 'drafts')
          .orderBy('created_at')
          .executeTakeFirst()) ?? null
      );
    }
    return null;
  }

  private async myDraft(me: RequestUser, id: string): Promise<Row> {
    const row = await this.mine(me, id);
    if (row.folder !== 'drafts') throw new HttpError(409, 'not_a_draft', 'This message is not a draft any more.');
    return row;
  }

  private async senderName(me: RequestUser): Promise<string> {
    const u = await this.db.selectFrom('users').select(['name', 'email']).where('id', '=', me.id).executeTakeFirst();
    return u?.name || u?.email || me.name || me.email || 'A Waymark user';
  }

  async saveDraft(me: RequestUser, b: ComposeInput, draftId?: string): Promise<MailMessage> {
    const draft = draftId ? await this.myDraft(me, draftId) : null;
    const original = await this.original(me, b.inReplyTo, draft);
    const people = await this.resolveRecipients(me, b, original);
    const now = new Date();
    const values = {
      subject: b.subject,
      body: b.body,
      recipients: JSON.stringify(b.to.map((id) => people.get(id)!)),
      cc: JSON.stringify(b.cc.map((id) => people.get(id)!)),
      to_address: b.to.map((id) => people.get(id)!.email ?? people.get(id)!.name).join(', '),
      thread_key: original ? (original.thread_key ?? original.message_key) : null,
      in_reply_to: original ? original.message_key : (draft?.in_reply_to ?? null),
      updated_at: now,
    };
    if (draft) {
      const row = await this.db
        .updateTable('messages')
        .set(values)
        .where('id', '=', draft.id)
        .where('user_id', '=', me.id)
        .where('folder', '=', 'drafts')
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new HttpError(409, 'not_a_draft', 'This message is not a draft any more.');
      return toMessageJson(row);
    }
    const row = await this.db
      .insertInto('messages')
      .values({
        ...values,
        user_id: me.id,
        channel: 'email',
        from_address: me.email ?? '',
        from_name: await this.senderName(me),
        from_user_id: me.id,
        links: '[]',
        kind: 'direct',
        folder: 'drafts',
        origin: 'drafts',
        read_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMessageJson(row);
  }

  /**
   * Send: the sender's copy goes to Sent, each recipient gets a copy in the inbox (and an SMTP
   * copy when the server has SMTP and the recipient's settings allow it). At most
   * MAIL_SEND_PER_HOUR messages per user per hour (429 beyond, with Retry-After); the count is kept
   * apart from the messages, so deleting sent mail does not reset it.
   */
  async send(me: RequestUser, b: ComposeInput & { draftId?: string }): Promise<MailMessage> {
    const draft = b.draftId ? await this.myDraft(me, b.draftId) : null;
    const original = await this.original(me, b.inReplyTo, draft);
    const people = await this.resolveRecipients(me, b, original);
    const fromName = await this.senderName(me);
    const limit = this.ctx.config.MAIL_SEND_PER_HOUR;
    const messageKey = randomUUID();
    const threadKey = original ? (original.thread_key ?? original.message_key) : messageKey;
    const inReplyTo = original ? original.message_key : null;
    const to = b.to.map((id) => people.get(id)!);
    const cc = b.cc.map((id) => people.get(id)!);
    const toAddress = to.map((p) => p.email ?? p.name).join(', ');
    const now = new Date();
    const common = {
      channel: 'email' as const,
      to_address: toAddress,
      from_address: me.email ?? '',
      from_name: fromName,
      from_user_id: me.id,
      subject: b.subject,
      body: b.body,
      links: '[]',
      kind: 'direct',
      recipients: JSON.stringify(to),
      cc: JSON.stringify(cc),
      message_key: messageKey,
      thread_key: threadKey,
      in_reply_to: inReplyTo,
      created_at: now,
      updated_at: now,
    };
    const sent = await this.db.transaction().execute(async (trx) => {
      // One sender at a time per user: concurrent sends cannot both slip under the limit.
      await sql`select pg_advisory_xact_lock(hashtext(${`mail-send:${me.id}`}))`.execute(trx);
      const since = new Date(Date.now() - HOUR_MS);
      const recent = await trx
        .selectFrom('mail_send_log')
        .select([trx.fn.countAll<string>().as('n'), trx.fn.min('sent_at').as('oldest')])
        .where('user_id', '=', me.id)
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= limit) {
        const oldest = recent.oldest ? new Date(recent.oldest as Date).getTime() : Date.now();
        const retry = Math.max(1, Math.ceil((oldest + HOUR_MS - Date.now()) / 1000));
        throw new HttpError(
          429,
          'rate_limited',
          `You can send ${limit} messages per hour. Try again in ${Math.ceil(retry / 60)} minute${retry > 60 ? 's' : ''}.`,
          { limit, retryAfterSeconds: retry },
          { 'Retry-After': String(retry) },
        );
      }
      await trx.insertInto('mail_send_log').values({ user_id: me.id, recipients: people.size }).execute();
      const mineRow = await trx
        .insertInto('messages')
        .values({ ...common, user_id: me.id, folder: 'sent', origin: 'sent', read_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('messages')
        .values(
          [...people.keys()].map((id) => ({ ...common, user_id: id, folder: 'inbox' as const, origin: 'inbox' as const, read_at: null })),
        )
        .execute();
      if (draft) await trx.deleteFrom('messages').where('id', '=', draft.id).where('user_id', '=', me.id).execute();
      return mineRow;
    });
    this.ctx.logger.info({ messageKey, recipients: people.size }, 'mail: message between users sent');
    await this.smtpCopies(me, [...people.values()], { fromName, subject: b.subject, body: b.body, messageKey, inReplyTo });
    return toMessageJson(sent);
  }

  private async smtpCopies(
    me: RequestUser,
    people: MailPerson[],
    m: { fromName: string; subject: string; body: string; messageKey: string; inReplyTo: string | null },
  ) {
    if (!this.mailer.smtp) return;
    const ids = people.map((p) => p.id).filter((id) => id !== me.id);
    if (!ids.length) return;
    const verified = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', ids)
      .where('email_verified_at', 'is not', null)
      .where('email', 'is not', null)
      .execute();
    for (const u of verified) {
      if (!(await loadNotificationPreferences(this.db, u.id)).smtp) continue;
      this.mailer.deliverDirect({
        to: u.email!,
        fromName: m.fromName,
        subject: m.subject,
        text: m.body,
        messageKey: m.messageKey,
        inReplyTo: m.inReplyTo,
        url: `${this.ctx.config.publicUrl}/email`,
      });
    }
  }
}
