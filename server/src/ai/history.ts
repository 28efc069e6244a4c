// Chat history per user (table ai_messages, migration 0600): UI messages (role + parts) in order.
import type { UIMessage } from 'ai';
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../db/index.ts';

/** Messages kept per user; older ones are deleted when new ones arrive. */
export const HISTORY_KEEP = 200;

export interface AiMessagesTable {
  id: string;
  user_id: string;
  seq: Generated<string>;
  role: 'user' | 'assistant';
  parts: ColumnType<UIMessage['parts'], string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../db/schema.ts' {
  interface Database {
    ai_messages: AiMessagesTable;
  }
}

export interface StoredMessage extends UIMessage {
  role: 'user' | 'assistant';
  createdAt: string;
}

/** The user's newest `limit` messages, oldest first. */
export async function loadHistory(db: Db, userId: string, limit = HISTORY_KEEP): Promise<StoredMessage[]> {
  const rows = await db
    .selectFrom('ai_messages')
    .select(['id', 'role', 'parts', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    role: r.role,
    parts: typeof r.parts === 'string' ? (JSON.parse(r.parts) as UIMessage['parts']) : r.parts,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function saveMessages(db: Db, userId: string, messages: Pick<UIMessage, 'id' | 'role' | 'parts'>[]): Promise<void> {
  const rows = messages
    .filter((m): m is Pick<UIMessage, 'id' | 'parts'> & { role: 'user' | 'assistant' } => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ id: m.id, user_id: userId, role: m.role, parts: JSON.stringify(m.parts) }));
  if (!rows.length) return;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('ai_messages')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const cutoff = await tx
      .selectFrom('ai_messages')
      .select('seq')
      .where('user_id', '=', userId)
      .orderBy('seq', 'desc')
      .offset(HISTORY_KEEP)
      .limit(1)
      .executeTakeFirst();
    if (cutoff) await tx.deleteFrom('ai_messages').where('user_id', '=', userId).where('seq', '<=', cutoff.seq).execute();
  });
}

export async function clearHistory(db: Db, userId: string): Promise<number> {
  const r = await db.deleteFrom('ai_messages').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
