import type { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';

const uuid = z.uuid();

/** The signed-in user's in-app mailbox: list and read their own messages. */
export function registerMailRoutes(app: Hono<AppEnv>, ctx: AppContext) {
  const db = ctx.db;
  const toJson = (m: {
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
  }) => ({
    id: m.id,
    channel: m.channel,
    to: m.to_address,
    from: m.from_address,
    subject: m.subject,
    body: m.body,
    links: m.links,
    kind: m.kind,
    read: m.read_at !== null,
    createdAt: new Date(m.created_at).toISOString(),
  });

  app.get('/api/mail/messages', async (c) => {
    const me = requireUser(c);
    const r = z
      .object({
        limit: z.coerce.number().int().min(1).max(200).default(50),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      })
      .safeParse(c.req.query());
    if (!r.success) throw new HttpError(400, 'validation_error', 'Invalid query: limit must be 1..200 and offset a non-negative integer');
    const rows = await db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(r.data.limit)
      .offset(r.data.offset)
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
    const id = c.req.param('id');
    if (!uuid.safeParse(id).success) throw new HttpError(400, 'invalid_id', 'Invalid id: must be a UUID');
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
