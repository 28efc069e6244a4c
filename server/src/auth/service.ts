import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sql } from 'kysely';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { Lru } from '../lib/lru.ts';
import { isIP } from 'node:net';
import { hmac, randomCode, randomToken, safeEqual, sha256 } from './crypto.ts';
import { BearerAuth } from './bearer.ts';
import { SigningKeys } from './jwt.ts';
import { AuthRepository } from './repository.ts';
import {
  type CounterStore,
  MemoryCounterStore,
  PgCounterStore,
  claimAttempt,
  clearKey,
  hitWindow,
  peekBlocked,
  recordFailure,
} from './rate-limit.ts';
import { SessionCache } from './session-cache.ts';
import type { UsersTable } from './schema.ts';
import type { Selectable } from 'kysely';
import type { PublicUser } from '@waymark/contracts';

export type { PublicUser } from '@waymark/contracts';

export type UserRow = Selectable<UsersTable>;
export type AuthContext = Context<AppEnv>;

export const SESSION_COOKIE = 'waymark_session';
export const DEVICE_COOKIE = 'waymark_device';
export const CSRF_COOKIE = 'waymark_csrf';
export const REMEMBER_MS = 30 * 24 * 3600_000;
export const BROWSER_SESSION_MS = 12 * 3600_000;
export const FRESH_MS = 10 * 60_000;
export const RESEND_COOLDOWN_S = 60;
const TOUCH_MS = 60_000;

export const TOKEN_TTL: Record<string, number> = {
  signup: 24 * 3600_000,
  email_change: 24 * 3600_000,
  recovery: 3600_000,
  magiclink: 3600_000,
  invite: 7 * 24 * 3600_000,
  email_otp: 10 * 60_000,
  sms_otp: 10 * 60_000,
};

export function tooMany(retryAfter: number, message = 'Too many attempts. Try again later.'): HttpError {
  return new HttpError(
    429,
    'over_request_rate_limit',
    `${message} Retry in ${retryAfter} s.`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Shared state and helpers of the auth module (one per app context). */
export class AuthService {
  /** Abuse counters: in memory on PGlite, in the auth_rate_limits table on PostgreSQL. */
  readonly counters: CounterStore;
  readonly repo: AuthRepository;
  readonly keys: SigningKeys;
  readonly bearer: BearerAuth;
  /** Recently used sessions in memory, dropped when the database says they changed (session-cache.ts). */
  readonly sessions: SessionCache;
  /** The session row each signed-in request was resolved to (the GET /api/_auth/session body comes from it). */
  private readonly sessionRows = new WeakMap<Request, SessionRow>();
  /**
   * The session token of each of the most recently seen Cookie headers (up to 1 KB each) and its
   * SHA-256, or null when the header holds none: a browser sends the same header on every request,
   * and parsing it and hashing the token were ~3 µs of each signed-in request. An exact function of
   * the header; what the token is worth is still decided by the session lookup on every request.
   */
  private readonly cookieTokens = new Lru<string, { token: string; hash: string } | null>(1024);
  secret = '';

  constructor(readonly ctx: AppContext) {
    this.repo = new AuthRepository(ctx.db);
    this.keys = new SigningKeys(ctx.db, () => this.secret);
    this.bearer = new BearerAuth(this);
    const windowMs = ctx.config.AUTH_RATE_WINDOW_SECONDS * 1000;
    this.counters = ctx.database.kind === 'postgres' ? new PgCounterStore(ctx.db, windowMs * 4) : new MemoryCounterStore(windowMs * 4);
    this.sessions = new SessionCache(ctx.database.notifications, {
      touchIntervalMs: TOUCH_MS,
      onError: (err) => ctx.logger.warn({ err: { message: err.message } }, 'session cache disabled: no change notifications'),
    });
  }

  /** Progressive delay of failed attempts per account and client (docs/auth.md, "Abuse limits"). */
  get attemptPolicy() {
    const windowMs = this.ctx.config.AUTH_RATE_WINDOW_SECONDS * 1000;
    return { free: this.ctx.config.AUTH_RATE_ACCOUNT_MAX, windowMs, baseMs: Math.min(10_000, windowMs), capMs: windowMs };
  }

  /** The account-wide delay that applies to clients without this account's device cookie. */
  get accountWidePolicy() {
    const p = this.attemptPolicy;
    return { ...p, free: p.free * 10 };
  }

  get db() {
    return this.ctx.db;
  }

  /** The mail module's mailer (ctx.mailer). */
  get mailer() {
    return this.ctx.mailer;
  }

  /** AUTH_SECRET, or a random secret generated once and kept in app_meta. */
  async loadSecret() {
    if (this.ctx.config.AUTH_SECRET) {
      this.secret = this.ctx.config.AUTH_SECRET;
      return;
    }
    const fresh = randomToken(48);
    await this.db
      .insertInto('app_meta')
      .values({ key: 'auth_secret', value: JSON.stringify(fresh) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db.selectFrom('app_meta').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow();
    this.secret = String(row.value);
  }

  // ---- request facts ----

  /**
   * The client's IP. With TRUST_PROXY=n the entry n places from the right of X-Forwarded-For (the
   * one the outermost of your n proxies appended); entries further left are the client's own claims.
   */
  clientIp(c: AuthContext): string {
    const hops = this.ctx.config.TRUST_PROXY;
    if (hops > 0) {
      const entries = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const candidate = entries[entries.length - hops];
      if (candidate && isIP(candidate)) return candidate;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'local';
    }
  }

  secureCookies(c: AuthContext): boolean {
    return this.ctx.config.publicUrl.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
  }

  /** Per-IP limit for an action: throws 429 when exceeded, otherwise counts the attempt. */
  async limitIp(c: AuthContext, action: string) {
    const v = await hitWindow(
      this.counters,
      `ip:${action}:${this.clientIp(c)}`,
      this.ctx.config.AUTH_RATE_IP_MAX,
      this.ctx.config.AUTH_RATE_WINDOW_SECONDS * 1000,
    );
    if (!v.allowed) throw tooMany(v.retryAfter);
  }

  /**
   * Who is guessing: this account's device cookie (set after a successful sign-in on that browser)
   * or else the IP. Failures count per account *and* client, so a stranger's guesses never slow
   * down the owner's own browser.
   */
  clientKey(c: AuthContext, userId: string | undefined): { key: string; trusted: boolean } {
    const device = getCookie(c, DEVICE_COOKIE);
    if (userId && device) {
      const [uid, nonce, sig] = device.split('.');
      if (uid === userId && nonce && sig && safeEqual(sig, hmac(this.secret, `device:${uid}.${nonce}`)))
        return { key: `dev:${nonce}`, trusted: true };
    }
    return { key: `ip:${this.clientIp(c)}`, trusted: false };
  }

  setDeviceCookie(c: AuthContext, userId: string) {
    const current = this.clientKey(c, userId);
    if (current.trusted) return;
    const nonce = randomToken(12);
    setCookie(c, DEVICE_COOKIE, `${userId}.${nonce}.${hmac(this.secret, `device:${userId}.${nonce}`)}`, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secureCookies(c),
      path: '/api/auth',
      maxAge: 400 * 24 * 3600,
    });
  }

  /**
   * Claim one attempt at a secret (password, code) for `account` from this client. Throws 429 with
   * Retry-After while the client must wait. Returns what to call after the check.
   */
  async claimAttempt(c: AuthContext, scope: string, account: string, userId: string | undefined) {
    const client = this.clientKey(c, userId);
    const wide = `${scope}-any:${account}`;
    if (!client.trusted) {
      const wait = await peekBlocked(this.counters, wide);
      if (wait) throw tooMany(wait, 'Too many failed attempts for this account from new devices.');
    }
    const key = `${scope}:${account}:${client.key}`;
    const v = await claimAttempt(this.counters, key, this.attemptPolicy);
    if (!v.allowed) throw tooMany(v.retryAfter, 'Too many failed attempts. Wait a moment.');
    return {
      succeeded: () => clearKey(this.counters, key),
      failed: async () => {
        if (!client.trusted) await recordFailure(this.counters, wide, this.accountWidePolicy);
      },
    };
  }

  /** One send per identifier per 60 s (applies whether or not the account exists). */
  async cooldownOrThrow(kind: string, identifier: string) {
    const v = await hitWindow(this.counters, `cooldown:${kind}:${identifier}`, 1, RESEND_COOLDOWN_S * 1000);
    if (!v.allowed) throw tooMany(v.retryAfter, 'Please wait before requesting another message.');
  }

  // ---- users ----

  async publicUser(u: PublicUserColumns): Promise<PublicUser> {
    const factors = await this.repo.factorsOf(u.id);
    return {
      id: u.id,
      email: u.email,
      phone: u.phone,
      name: u.name,
      role: u.role,
      emailVerified: u.email_verified_at !== null,
      phoneVerified: u.phone_verified_at !== null,
      banned: u.banned,
      createdAt: new Date(u.created_at).toISOString(),
      lastSignInAt: u.last_sign_in_at ? new Date(u.last_sign_in_at).toISOString() : null,
      factors: factors.map((f) => ({
        id: f.id,
        factorType: f.factor_type,
        friendlyName: f.friendly_name,
        status: f.status,
        createdAt: new Date(f.created_at).toISOString(),
      })),
    };
  }

  findUserByEmail(email: string) {
    return this.repo.userByEmail(email);
  }

  findUserByPhone(phone: string) {
    return this.repo.userByPhone(phone);
  }

  findUser(id: string) {
    return this.repo.userById(id);
  }

  hasVerifiedFactor(userId: string) {
    return this.repo.hasVerifiedFactor(userId);
  }

  isAdminEmail(email: string | null | undefined): boolean {
    return Boolean(email && this.ctx.config.ADMIN_EMAIL && email === this.ctx.config.ADMIN_EMAIL.toLowerCase());
  }

  /**
   * The address has been proven (a link or code that reached it was used, or the SSO provider vouches
   * for it). The only place an account becomes ADMIN_EMAIL's administrator at run time.
   */
  async emailProven(userId: string, email: string): Promise<UserRow | undefined> {
    const row = await this.repo.markEmailVerified(userId, email);
    if (row && this.isAdminEmail(email) && row.role !== 'admin') {
      await this.repo.promoteToAdmin(userId);
      this.ctx.logger.info({ userId, email }, 'ADMIN_EMAIL: the verified owner of the address became an administrator');
      return { ...row, role: 'admin' };
    }
    return row;
  }

  // ---- sessions ----

  async createSession(c: AuthContext, user: UserRow, remember: boolean, method: string, kind: 'browser' | 'token' = 'browser') {
    if (user.banned) throw new HttpError(403, 'user_banned', 'This account is suspended. Contact an administrator.');
    const token = randomToken();
    const now = new Date();
    const expires = new Date(now.getTime() + (remember || kind === 'token' ? REMEMBER_MS : BROWSER_SESSION_MS));
    const row = await this.db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        remember: remember || kind === 'token',
        user_agent: (c.req.header('user-agent') ?? '').slice(0, 400),
        ip: this.clientIp(c),
        method,
        kind,
        last_seen_at: now,
        authenticated_at: now,
        expires_at: expires,
      })
      .returning(['id', 'created_at', 'expires_at', 'authenticated_at', 'last_seen_at', 'remember'])
      .executeTakeFirstOrThrow();
    await this.db.updateTable('users').set({ last_sign_in_at: now, updated_at: now }).where('id', '=', user.id).execute();
    const fresh = { ...user, last_sign_in_at: now };
    if (kind === 'browser') {
      this.setSessionCookie(c, token, remember ? expires : null);
      this.setDeviceCookie(c, user.id);
      c.set('user', toUserVar(fresh));
      c.set('session', { id: row.id, authenticatedAt: now, expiresAt: expires, remember, kind: 'browser' });
    }
    return { user: await this.publicUser(fresh), session: sessionJson(row) };
  }

  setSessionCookie(c: AuthContext, token: string, expires: Date | null) {
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secureCookies(c),
      path: '/',
      ...(expires ? { expires, maxAge: Math.floor((expires.getTime() - Date.now()) / 1000) } : {}),
    });
  }

  clearSessionCookie(c: AuthContext) {
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: this.secureCookies(c), httpOnly: true, sameSite: 'Lax' });
  }

  /**
   * Who is asking: `Authorization: Bearer` (an access token or a personal access token) or the
   * session cookie. A request that carries an Authorization header is judged by it alone: a bad
   * token is a 401, never a silent fall-back to the cookie.
   */
  async authenticate(c: AuthContext): Promise<void> {
    const authz = c.req.header('authorization');
    if (authz !== undefined) {
      c.set('bearer', true);
      await this.bearer.load(c, authz);
      return;
    }
    await this.loadSession(c);
  }

  /** Resolve the session cookie; sets c.var.user/session. Rolling renewal for remembered sessions. */
  async loadSession(c: AuthContext): Promise<void> {
    const found = this.sessionToken(c);
    if (!found) return;
    const { token, hash } = found;
    const row = await this.sessions.lookup(hash, () => this.findSessionRow(hash));
    const now = Date.now();
    if (!row || new Date(row.expires_at).getTime() <= now || row.banned) {
      if (row) await this.db.deleteFrom('sessions').where('id', '=', row.sid).execute();
      this.clearSessionCookie(c);
      return;
    }
    let expiresAt = new Date(row.expires_at);
    if (now - new Date(row.last_seen_at).getTime() > TOUCH_MS) {
      const patch: { last_seen_at: Date; expires_at?: Date } = { last_seen_at: new Date(now) };
      if (row.remember) patch.expires_at = new Date(now + REMEMBER_MS);
      // One write per session a minute; concurrent requests of the session do not queue up behind it.
      const touched = await this.sessions.touchOnce(row.sid, async () => {
        await this.db.updateTable('sessions').set(patch).where('id', '=', row.sid).execute();
        row.last_seen_at = patch.last_seen_at;
        if (patch.expires_at) row.expires_at = patch.expires_at;
      });
      if (touched && patch.expires_at) {
        expiresAt = patch.expires_at;
        this.setSessionCookie(c, token, expiresAt);
      }
    }
    this.sessionRows.set(c.req.raw, row);
    c.set('user', {
      id: row.id,
      email: row.email,
      phone: row.phone,
      name: row.name,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
    });
    c.set('session', { id: row.sid, authenticatedAt: new Date(row.authenticated_at), expiresAt, remember: row.remember, kind: 'browser' });
  }

  /** The session cookie's token (when present and at most 200 characters) and its SHA-256 (see `cookieTokens`). */
  private sessionToken(c: AuthContext): { token: string; hash: string } | null {
    const header = c.req.header('cookie');
    if (!header) return null;
    const keep = header.length <= 1024;
    const known = keep ? this.cookieTokens.get(header) : undefined;
    if (known !== undefined) return known;
    const token = getCookie(c, SESSION_COOKIE);
    const found = token && token.length <= 200 ? { token, hash: sha256(token) } : null;
    if (keep) this.cookieTokens.set(header, found);
    return found;
  }

  /** A session by its token's hash, with the user columns the request and GET /api/_auth/session need. */
  findSessionRow(tokenHash: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sid',
        'sessions.kind',
        'sessions.remember',
        'sessions.created_at as session_created_at',
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
        'users.phone_verified_at',
        'users.created_at',
        'users.last_sign_in_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.kind', '=', 'browser')
      .executeTakeFirst();
  }

  /**
   * The body of GET /api/_auth/session for this request's session, from the row loadSession
   * resolved (cached with it; the user's second factors are read once per cached row).
   */
  async currentSession(c: AuthContext) {
    const row = this.sessionRows.get(c.req.raw);
    if (!row) return null;
    row.publicUser ??= this.publicUser(row).catch((err: unknown) => {
      row.publicUser = undefined;
      throw err;
    });
    return {
      user: await row.publicUser,
      session: sessionJson({ ...row, id: row.sid, created_at: row.session_created_at }),
    };
  }

  endSessions(userId: string, scope: 'local' | 'global' | 'others', currentId?: string) {
    return this.repo.endSessions(userId, scope, currentId);
  }

  // ---- one-time tokens ----

  link(pathAndQuery: string) {
    return `${this.ctx.config.publicUrl}${pathAndQuery}`;
  }

  /**
   * A single-use link token. `data.adminIssued` marks links an administrator hands over by hand:
   * using one proves nothing about the address, so it never marks the address verified.
   */
  async issueLinkToken(kind: string, identifier: string, userId: string | null, data: Record<string, unknown> = {}) {
    const token = randomToken();
    await this.db
      .insertInto('auth_tokens')
      .values({
        kind,
        identifier,
        user_id: userId,
        token_hash: sha256(token),
        data: JSON.stringify(data),
        expires_at: new Date(Date.now() + (TOKEN_TTL[kind] ?? 3600_000)),
      })
      .execute();
    return token;
  }

  async issueCode(kind: 'email_otp' | 'sms_otp', identifier: string, userId: string | null) {
    const code = randomCode();
    // A new code replaces older ones for the same identifier.
    await this.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('kind', '=', kind)
      .where('identifier', '=', identifier)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('auth_tokens')
      .values({
        kind,
        identifier,
        user_id: userId,
        token_hash: hmac(this.secret, `${identifier}:${code}`),
        data: '{}',
        expires_at: new Date(Date.now() + TOKEN_TTL[kind]!),
      })
      .execute();
    return code;
  }

  /** Consume a link token of one of the kinds; returns the row or null. */
  async consumeLinkToken(kinds: string[], token: string) {
    if (token.length > 200) return null;
    return (await this.repo.consumeLinkToken(kinds, token)) ?? null;
  }

  async peekLinkToken(kinds: string[], token: string) {
    if (token.length > 200) return null;
    return (await this.repo.peekLinkToken(kinds, token)) ?? null;
  }

  /** Check a 6-digit code; at most 5 tries per code. Returns the token row when right. */
  async consumeCode(kind: 'email_otp' | 'sms_otp', identifier: string, code: string) {
    const row = await this.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('kind', '=', kind)
      .where('identifier', '=', identifier)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    if (row.token_hash !== hmac(this.secret, `${identifier}:${code}`)) {
      await this.db
        .updateTable('auth_tokens')
        .set({ attempts: sql`attempts + 1`, used_at: sql`case when attempts + 1 >= 5 then now() else null end` })
        .where('id', '=', row.id)
        .execute();
      return null;
    }
    const used = await this.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return used ?? null;
  }
}

type PublicUserColumns = Pick<
  UserRow,
  'id' | 'email' | 'phone' | 'name' | 'role' | 'banned' | 'email_verified_at' | 'phone_verified_at' | 'created_at' | 'last_sign_in_at'
>;
type SessionRow = NonNullable<Awaited<ReturnType<AuthService['findSessionRow']>>> & { publicUser?: Promise<PublicUser> };

export function toUserVar(u: Pick<UserRow, 'id' | 'email' | 'phone' | 'name' | 'role' | 'email_verified_at'>) {
  return { id: u.id, email: u.email, phone: u.phone, name: u.name, role: u.role, emailVerified: u.email_verified_at !== null };
}

export function sessionJson(s: {
  id: string;
  created_at: Date;
  expires_at: Date;
  authenticated_at: Date;
  last_seen_at: Date;
  remember: boolean;
}) {
  return {
    id: s.id,
    createdAt: new Date(s.created_at).toISOString(),
    lastSeenAt: new Date(s.last_seen_at).toISOString(),
    expiresAt: new Date(s.expires_at).toISOString(),
    authenticatedAt: new Date(s.authenticated_at).toISOString(),
    remember: s.remember,
  };
}

/** "Chrome on Linux" from a User-Agent string. */
export function describeDevice(ua: string): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /HeadlessChrome/.test(ua)
          ? 'Headless Chrome'
          : /Chrom(e|ium)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /curl|node|undici/i.test(ua)
                ? 'Script'
                : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}
