import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { sha256 } from './crypto.ts';

/**
 * The auth module's SQL, in one place: users, sessions, one-time tokens, admins. Routes call these
 * instead of writing queries inline.
 */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  // ---- users ----

  userById(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  userByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  userByPhone(phone: string) {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  factorsOf(userId: string) {
    return this.db
      .selectFrom('mfa_factors')
      .select(['id', 'factor_type', 'friendly_name', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async hasVerifiedFactor(userId: string) {
    return Boolean(
      await this.db
        .selectFrom('mfa_factors')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'verified')
        .executeTakeFirst(),
    );
  }

  /** Mark an email verified (only while the account still has that address). Returns the updated row. */
  markEmailVerified(userId: string, email: string) {
    return this.db
      .updateTable('users')
      .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
      .where('id', '=', userId)
      .where('email', '=', email)
      .returningAll()
      .executeTakeFirst();
  }

  markPhoneVerified(userId: string, phone: string) {
    return this.db
      .updateTable('users')
      .set({ phone_verified_at: sql`coalesce(phone_verified_at, now())`, updated_at: new Date() })
      .where('id', '=', userId)
      .where('phone', '=', phone)
      .returningAll()
      .executeTakeFirst();
  }

  promoteToAdmin(userId: string) {
    return this.db
      .updateTable('users')
      .set({ role: 'admin', updated_at: new Date() })
      .where('id', '=', userId)
      .where('role', '!=', 'admin')
      .executeTakeFirst();
  }

  async adminIds(): Promise<string[]> {
    return (await this.db.selectFrom('users').select('id').where('role', '=', 'admin').where('banned', '=', false).execute()).map(
      (r) => r.id,
    );
  }

  async anyAdmin(): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst());
  }

  /**
   * Run `change` unless it would leave the instance without an active administrator. The admins'
   * rows are locked first, so two admins removing each other at the same moment cannot both succeed;
   * under that lock the acting admin must still be an active admin (`not_admin` otherwise — its own
   * removal committed first), so the loser of such a race always gets the same answer.
   */
  async keepingAnAdmin<T>(
    actorId: string,
    targetId: string,
    removesAdmin: boolean,
    change: (trx: Db) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; reason: 'not_admin' | 'last_admin' }> {
    return this.db.transaction().execute(async (trx) => {
      const admins = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('banned', '=', false)
        .orderBy('id')
        .forUpdate()
        .execute();
      if (!admins.some((a) => a.id === actorId)) return { ok: false as const, reason: 'not_admin' as const };
      if (removesAdmin && admins.length <= 1 && admins.some((a) => a.id === targetId)) {
        return { ok: false as const, reason: 'last_admin' as const };
      }
      return { ok: true as const, value: await change(trx as unknown as Db) };
    });
  }

  /**
   * Remove every way into an account except the one about to be used: password, phone number,
   * sessions and token families, personal access tokens, MFA factors and backup codes, pending links.
   * Used when an SSO sign-in proves the address of an account whose address was never verified.
   */
  async stripCredentials(userId: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: null, phone: null, phone_verified_at: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mfa_factors').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mfa_backup_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
      await trx
        .updateTable('auth_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    });
  }

  // ---- sessions ----

  sessionById(id: string) {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  sessionsOf(userId: string) {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date())
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  /** Session + user for a cookie or refresh-token family (by session id or token hash). */
  sessionWithUser(where: { tokenHash: string } | { id: string }) {
    const q = this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sid',
        'sessions.kind',
        'sessions.remember',
        'sessions.expires_at',
        'sessions.last_seen_at',
        'sessions.authenticated_at',
        'users.id',
        'users.email',
        'users.phone',
        'users.name',
        'users.role',
        'users.banned',
        'users.email_verified_at',
      ]);
    return (
      'tokenHash' in where
        ? q.where('sessions.token_hash', '=', where.tokenHash).where('sessions.kind', '=', 'browser')
        : q.where('sessions.id', '=', where.id)
    ).executeTakeFirst();
  }

  async endSessions(userId: string, scope: 'local' | 'global' | 'others', currentId?: string) {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (scope === 'local') q = q.where('id', '=', currentId ?? '00000000-0000-0000-0000-000000000000');
    if (scope === 'others' && currentId) q = q.where('id', '!=', currentId);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // ---- one-time tokens ----

  consumeLinkToken(kinds: string[], token: string) {
    return this.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('kind', 'in', kinds)
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
  }

  peekLinkToken(kinds: string[], token: string) {
    return this.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('kind', 'in', kinds)
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  retireTokens(userId: string, kinds: string[]) {
    return this.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('kind', 'in', kinds)
      .where('used_at', 'is', null)
      .execute();
  }
}
