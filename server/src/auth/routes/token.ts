import type { Hono } from 'hono';
import { createPatBody, tokenRequestBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { parseOr400, readJson } from '../../http/validate.ts';
import { PAT_PREFIX, REFRESH_PREFIX } from '../bearer.ts';
import { randomToken, sha256 } from '../crypto.ts';
import { checkPassword, completeMfaChallenge, startMfaChallenge } from '../flows.ts';
import { requireFreshSession, requireUser } from '../guard.ts';
import { ACCESS_TOKEN_TTL_S } from '../jwt.ts';
import { type AuthContext, type AuthService, REMEMBER_MS, type UserRow } from '../service.ts';
import { body, missingCredentials, param } from '../validation.ts';

const invalidGrant = (message: string) => new HttpError(400, 'invalid_grant', message);

/**
 * The token API for non-browser clients (docs/auth.md, "Token API"): password, MFA and
 * refresh-token grants → a 1-hour ES256 access token and a rotating refresh token; the public keys
 * at /.well-known/jwks.json; personal access tokens.
 */
export function registerTokenRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;

  app.get('/.well-known/jwks.json', async (c) => c.json(await auth.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=600' }));

  const issue = async (c: AuthContext, user: UserRow, sessionId: string) => {
    const refresh = `${REFRESH_PREFIX}${randomToken()}`;
    await db
      .insertInto('refresh_tokens')
      .values({ session_id: sessionId, token_hash: sha256(refresh) })
      .execute();
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_S;
    const access = await auth.keys.sign({
      ...auth.bearer.expected(),
      sub: user.id,
      sid: sessionId,
      role: user.role,
      iat,
      exp,
      jti: randomToken(12),
    });
    return c.json(
      {
        access_token: access,
        refresh_token: refresh,
        expires_in: ACCESS_TOKEN_TTL_S,
        expires_at: exp,
        token_type: 'bearer' as const,
        user: await auth.publicUser(user),
      },
      200,
      { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    );
  };

  const startTokenSession = async (c: AuthContext, user: UserRow, method: string) => {
    const { session } = await auth.createSession(c, user, true, method, 'token');
    return issue(c, user, session.id);
  };

  app.post('/api/auth/token', async (c) => {
    await auth.limitIp(c, 'token');
    const type = c.req.header('content-type') ?? '';
    const raw: Record<string, unknown> = /^application\/x-www-form-urlencoded/i.test(type)
      ? Object.fromEntries(new URLSearchParams(await c.req.text()))
      : ((await readJson(c)) as Record<string, unknown>);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new HttpError(400, 'validation_error', 'Invalid request body: expected an object', {
        issues: [{ path: '', message: 'expected an object' }],
      });
    const grant = c.req.query('grant_type');
    const b = parseOr400(tokenRequestBody, grant && raw.grant_type === undefined ? { ...raw, grant_type: grant } : raw, 'token request');

    if (b.grant_type === 'password') {
      const id = b.email ?? b.phone ?? b.username?.trim();
      if (!id || !b.password) throw missingCredentials();
      const isPhone = !b.email && (b.phone !== undefined || /^\+[\d\s().-]{7,}$/.test(id));
      const user = await checkPassword(
        auth,
        c,
        isPhone
          ? { phone: (b.phone ?? id).replace(/[\s().-]/g, ''), password: b.password }
          : { email: id.toLowerCase(), password: b.password },
      );
      if (await auth.hasVerifiedFactor(user.id)) {
        if (!b.mfa_code) {
          const ch = await startMfaChallenge(auth, user, true);
          throw new HttpError(
            400,
            'mfa_required',
            'This account uses two-factor authentication: send mfa_code with the password, or grant_type=mfa with challenge_id and code.',
            {
              challenge_id: ch.challengeId,
              factors: ch.factors,
            },
          );
        }
        const ch = await startMfaChallenge(auth, user, true);
        const done = await completeMfaChallenge(auth, c, ch.challengeId, b.mfa_code);
        return startTokenSession(c, done.user, `password+${done.method}`);
      }
      return startTokenSession(c, user, 'password');
    }

    if (b.grant_type === 'mfa') {
      const done = await completeMfaChallenge(auth, c, b.challenge_id, b.code);
      return startTokenSession(c, done.user, `password+${done.method}`);
    }

    // refresh_token: rotate; a token that was already rotated means it leaked — end its whole family.
    const row = await db
      .selectFrom('refresh_tokens as r')
      .innerJoin('sessions as s', 's.id', 'r.session_id')
      .select(['r.id', 'r.used_at', 's.id as sid', 's.user_id', 's.expires_at'])
      .where('r.token_hash', '=', sha256(b.refresh_token))
      .executeTakeFirst();
    if (!row) throw invalidGrant('The refresh token is invalid, expired or revoked');
    const revokeFamily = async () => {
      await db.deleteFrom('sessions').where('id', '=', row.sid).execute();
      auth.ctx.logger.warn({ sessionId: row.sid, userId: row.user_id }, 'refresh token reused: its session was revoked');
      return invalidGrant('This refresh token was already used; the session was revoked for safety. Sign in again.');
    };
    if (row.used_at) throw await revokeFamily();
    const claimed = await db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw await revokeFamily();
    const user = await auth.findUser(row.user_id);
    if (!user || user.banned || new Date(row.expires_at).getTime() <= Date.now()) {
      await db.deleteFrom('sessions').where('id', '=', row.sid).execute();
      throw invalidGrant('The session of this refresh token has ended. Sign in again.');
    }
    const now = new Date();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + REMEMBER_MS) })
      .where('id', '=', row.sid)
      .execute();
    return issue(c, user, row.sid);
  });

  // ---- personal access tokens ----

  const patJson = (t: {
    id: string;
    name: string;
    scope: 'read' | 'write';
    created_at: Date;
    expires_at: Date | null;
    last_used_at: Date | null;
  }) => ({
    id: t.id,
    name: t.name,
    scope: t.scope,
    createdAt: new Date(t.created_at).toISOString(),
    expiresAt: t.expires_at ? new Date(t.expires_at).toISOString() : null,
    lastUsedAt: t.last_used_at ? new Date(t.last_used_at).toISOString() : null,
  });

  app.get('/api/auth/tokens', async (c) => {
    const me = requireUser(c);
    const rows = await db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .execute();
    return c.json({ tokens: rows.map(patJson) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/api/auth/tokens', async (c) => {
    const me = requireFreshSession(c);
    if (c.get('session')?.kind === 'pat')
      throw new HttpError(403, 'insufficient_scope', 'A personal access token cannot create other tokens');
    const b = await body(c, createPatBody);
    const count = await db
      .selectFrom('personal_access_tokens')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= 50)
      throw new HttpError(422, 'too_many_tokens', 'You can keep at most 50 personal access tokens. Revoke one first.');
    const token = `${PAT_PREFIX}${randomToken()}`;
    const row = await db
      .insertInto('personal_access_tokens')
      .values({
        user_id: me.id,
        name: b.name,
        scope: b.scope,
        token_hash: sha256(token),
        expires_at: b.expiresInDays ? new Date(Date.now() + b.expiresInDays * 24 * 3600_000) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ token, pat: patJson(row) }, 201, { 'Cache-Control': 'no-store' });
  });

  app.delete('/api/auth/tokens/:id', async (c) => {
    const me = requireUser(c);
    const id = param(c, 'id');
    const r = await db.deleteFrom('personal_access_tokens').where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'token_not_found', 'No such token');
    return c.json({ removed: true, id });
  });
}
