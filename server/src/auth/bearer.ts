import { HttpError } from '../http/errors.ts';
import { sha256 } from './crypto.ts';
import type { AuthContext, AuthService } from './service.ts';

export const PAT_PREFIX = 'wmk_pat_';
export const REFRESH_PREFIX = 'wmk_rt_';

const invalidToken = (message = 'The access token is invalid or has expired') =>
  new HttpError(401, 'invalid_token', message, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

/**
 * `Authorization: Bearer …` for non-browser clients: a short-lived ES256 access token from
 * POST /api/auth/token (checked against its session row, so "sign out everywhere" ends it at once)
 * or a personal access token (`wmk_pat_…`, read or write scope).
 */
export class BearerAuth {
  constructor(private readonly auth: AuthService) {}

  async load(c: AuthContext, header: string): Promise<void> {
    const m = /^Bearer ([\w.~+/=-]{10,4096})$/.exec(header.trim());
    if (!m) throw invalidToken('Authorization must be "Bearer <token>"');
    const token = m[1]!;
    if (token.startsWith(PAT_PREFIX)) return this.loadPat(c, token);
    const claims = await this.auth.keys.verify(token, this.expected());
    if (!claims) throw invalidToken();
    const row = await this.auth.repo.sessionWithUser({ id: claims.sid });
    if (!row || row.kind !== 'token' || row.id !== claims.sub || row.banned || new Date(row.expires_at).getTime() <= Date.now()) {
      throw invalidToken('This token was revoked (signed out) or its session ended');
    }
    c.set('user', {
      id: row.id,
      email: row.email,
      phone: row.phone,
      name: row.name,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
    });
    c.set('session', {
      id: row.sid,
      authenticatedAt: new Date(row.authenticated_at),
      expiresAt: new Date(row.expires_at),
      remember: true,
      kind: 'token',
    });
  }

  expected() {
    return { iss: this.auth.ctx.config.publicUrl, aud: 'waymark' };
  }

  private async loadPat(c: AuthContext, token: string) {
    const db = this.auth.db;
    const row = await db
      .selectFrom('personal_access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as tid',
        't.scope',
        't.expires_at',
        't.last_used_at',
        'u.id',
        'u.email',
        'u.phone',
        'u.name',
        'u.role',
        'u.banned',
        'u.email_verified_at',
      ])
      .where('t.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.banned || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()))
      throw invalidToken('This personal access token is invalid, expired or revoked');
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
      await db.updateTable('personal_access_tokens').set({ last_used_at: new Date() }).where('id', '=', row.tid).execute();
    }
    if (row.scope === 'read' && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      throw new HttpError(403, 'insufficient_scope', 'This personal access token is read-only', undefined, {
        'WWW-Authenticate': 'Bearer error="insufficient_scope"',
      });
    }
    c.set('user', {
      id: row.id,
      email: row.email,
      phone: row.phone,
      name: row.name,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
    });
    // A personal access token is never a "fresh sign-in": password, email and MFA changes need a browser session.
    c.set('session', { id: row.tid, authenticatedAt: new Date(0), remember: true, kind: 'pat', scope: row.scope });
  }
}
