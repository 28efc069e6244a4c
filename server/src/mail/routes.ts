import type { Hono } from 'hono';
import { mailListQuery, messageIdParam, type MailMessage } from '@waymark/contracts';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';

interface MessageRow {
  id: string;
  channel: string;
  to_address: string;
  from_address: string;
  subject: string;
  body: string;
  links: unknown;
  kind: string;
  read_at: Date | null;
  created_at: Date;
}

function toJson(m: MessageRow): MailMessage {
  return {
    id: m.id,
    channel: m.channel === 'sms' ? 'sms' : 'email',
    to: m.to_address,
    from: m.from_address,
    subject: m.subject,
    body: m.body,
    links: Array.isArray(m.links) ? (m.links as MailMessage['links']) : [],
    kind: m.kind,
    read: m.read_at !== null,
    createdAt: new Date(m.created_at).toISOString(),
  };
}

/** The signed-in user's in-app mailbox: list and read their own messages. */
export function registerMailRoutes(app: Hono<AppEnv>, ctx: AppContext) {
  const db = ctx.db;

  app.get('/api/mail/messages', async (c) => {
    const me = requireUser(c);
    const q = validate(c, 'query', mailListQuery);
    const rows = await db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    const unread = await db
      .selectFrom('messages')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return c.json({ messages: rows.map(toJson), unread: Number(unread.n) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/api/mail/messages/:id', async (c) => {
    const me = requireUser(c);
    const { id } = validate(c, 'param', messageIdParam);
    const row = await db
      .updateTable('messages')
      .set({ read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', me.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No such message');
    return c.json({ message: toJson(row) }, 200, { 'Cache-Control': 'no-store' });
  });
}
