// Per-user rate limit of the AI chat (LLM_RATE_PER_MINUTE): the user's requests of the last
// minute counted in the database (table ai_chat_requests, migration 0600_ai_rate), under a
// per-user advisory lock, so parallel requests cannot both slip under the limit and several
// server processes on one PostgreSQL enforce one limit.
import { sql, type ColumnType } from 'kysely';
import type { Db } from '../db/index.ts';

export interface AiChatRequestsTable {
  user_id: string;
  at: ColumnType<Date, Date | undefined, never>;
}

declare module '../db/schema.ts' {
  interface Database {
    ai_chat_requests: AiChatRequestsTable;
  }
}

/**
 * Count one chat request of `userId` if fewer than `limit` were made in the last `windowMs`:
 * returns 0 then, else the seconds to wait (nothing counted).
 */
export async function claimChatRequest(db: Db, userId: string, limit: number, windowMs = 60_000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`ai-chat:${userId}`}))`.execute(trx);
    const now = Date.now();
    const since = new Date(now - windowMs);
    await trx.deleteFrom('ai_chat_requests').where('user_id', '=', userId).where('at', '<=', since).execute();
    const recent = await trx
      .selectFrom('ai_chat_requests')
      .select([trx.fn.countAll<string>().as('n'), trx.fn.min('at').as('oldest')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= limit) {
      const oldest = recent.oldest ? new Date(recent.oldest as Date).getTime() : now;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    }
    await trx
      .insertInto('ai_chat_requests')
      .values({ user_id: userId, at: new Date(now) })
      .execute();
    return 0;
  });
}
