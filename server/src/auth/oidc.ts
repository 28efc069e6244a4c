import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createHash } from 'node:crypto';
import type { AppEnv } from '../context.ts';
import { hmac, randomToken, safeEqual } from './crypto.ts';
import type { AuthContext, AuthService, UserRow } from './service.ts';
import { isUniqueViolation } from './validation.ts';

const STATE_COOKIE = 'waymark_oidc';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
}

/** Only same-site relative paths are allowed as post-sign-in destinations. */
export function safeRedirect(v: string | undefined | null): string {
  if (!v || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\') || v.length > 500) return '/';
  return v;
}

function decodeJwtClaims(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Generic OpenID Connect sign-in (authorization code flow with PKCE and nonce). The ID token is
 * received directly from the token endpoint over the back channel, so its issuer, audience and
 * nonce are checked; the profile comes from the userinfo endpoint when the provider has one.
 */
export function registerOidcRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const cfg = auth.ctx.config;
  const redirectUri = `${cfg.publicUrl}/api/auth/oidc/callback`;
  let discovery: { at: number; doc: Discovery } | null = null;

  const discover = async (): Promise<Discovery> => {
    if (discovery && Date.now() - discovery.at < 3600_000) return discovery.doc;
    const url = `${cfg.OIDC_ISSUER!.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`discovery returned ${res.status}`);
    const doc = (await res.json()) as Discovery;
    if (!doc.authorization_endpoint || !doc.token_endpoint) throw new Error('discovery document lacks endpoints');
    discovery = { at: Date.now(), doc };
    return doc;
  };

  const fail = (c: AuthContext, code: string, description: string) =>
    c.redirect(`/callback?error=${encodeURIComponent(code)}&error_description=${encodeURIComponent(description)}`, 302);

  app.get('/api/auth/oidc/start', async (c) => {
    if (!cfg.OIDC_ISSUER) return fail(c, 'provider_disabled', 'Single sign-on is not configured on this server.');
    await auth.limitIp(c, 'oidc');
    let doc: Discovery;
    try {
      doc = await discover();
    } catch (err) {
      auth.ctx.logger.warn({ err: { message: (err as Error).message } }, 'oidc discovery failed');
      return fail(c, 'provider_unavailable', 'The sign-in provider could not be reached. Try again later.');
    }
    const state = randomToken(18);
    const nonce = randomToken(18);
    const verifier = randomToken(32);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirect = safeRedirect(c.req.query('redirect'));
    const remember = c.req.query('remember') !== 'false';
    const payload = Buffer.from(JSON.stringify({ state, nonce, verifier, redirect, remember, at: Date.now() })).toString('base64url');
    setCookie(c, STATE_COOKIE, `${payload}.${hmac(auth.secret, `oidc:${payload}`)}`, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: auth.secureCookies(c),
      path: '/api/auth/oidc',
      maxAge: 600,
    });
    const url = new URL(doc.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: cfg.OIDC_CLIENT_ID!,
      redirect_uri: redirectUri,
      scope: cfg.OIDC_SCOPES,
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return c.redirect(url.toString(), 302);
  });

  app.get('/api/auth/oidc/callback', async (c) => {
    if (!cfg.OIDC_ISSUER) return fail(c, 'provider_disabled', 'Single sign-on is not configured on this server.');
    await auth.limitIp(c, 'oidc');
    const raw = getCookie(c, STATE_COOKIE) ?? '';
    deleteCookie(c, STATE_COOKIE, { path: '/api/auth/oidc' });
    const [payload, sig] = raw.split('.');
    if (c.req.query('error'))
      return fail(
        c,
        c.req.query('error')!.slice(0, 64),
        (c.req.query('error_description') ?? 'The provider refused the sign-in.').slice(0, 300),
      );
    if (!payload || !sig || !safeEqual(sig, hmac(auth.secret, `oidc:${payload}`)))
      return fail(c, 'invalid_state', 'The sign-in attempt expired. Try again.');
    const st = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      state: string;
      nonce: string;
      verifier: string;
      redirect: string;
      remember: boolean;
      at: number;
    };
    if (st.state !== c.req.query('state') || Date.now() - st.at > 600_000)
      return fail(c, 'invalid_state', 'The sign-in attempt expired. Try again.');
    const code = c.req.query('code');
    if (!code || code.length > 2000) return fail(c, 'invalid_request', 'The provider did not return an authorization code.');
    try {
      const doc = await discover();
      const tokenRes = await fetch(doc.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: cfg.OIDC_CLIENT_ID!,
          client_secret: cfg.OIDC_CLIENT_SECRET!,
          code_verifier: st.verifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!tokenRes.ok) return fail(c, 'token_exchange_failed', `The provider refused the code (${tokenRes.status}).`);
      const tokens = (await tokenRes.json()) as { access_token?: string; id_token?: string };
      const claims = tokens.id_token ? decodeJwtClaims(tokens.id_token) : null;
      if (!claims) return fail(c, 'invalid_id_token', 'The provider returned no usable ID token.');
      const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (claims.iss !== doc.issuer || !aud.includes(cfg.OIDC_CLIENT_ID) || claims.nonce !== st.nonce) {
        return fail(c, 'invalid_id_token', 'The ID token does not match this sign-in.');
      }
      let profile: Record<string, unknown> = claims;
      if (doc.userinfo_endpoint && tokens.access_token) {
        const ui = await fetch(doc.userinfo_endpoint, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
          signal: AbortSignal.timeout(10_000),
        });
        if (ui.ok) profile = { ...claims, ...((await ui.json()) as Record<string, unknown>), sub: claims.sub };
      }
      const subject = String(profile.sub ?? '');
      const email = typeof profile.email === 'string' ? profile.email.toLowerCase() : null;
      const emailVerified = profile.email_verified === true || profile.email_verified === 'true';
      if (!subject) return fail(c, 'invalid_id_token', 'The provider did not identify the user.');
      const user = await findOrCreate(
        auth,
        subject,
        email,
        emailVerified,
        typeof profile.name === 'string' ? profile.name.slice(0, 100) : '',
      );
      if (!user) return fail(c, 'identity_already_exists', 'An account with this email exists. Sign in with your password first.');
      if (user.banned) return fail(c, 'user_banned', 'This account is suspended.');
      await auth.createSession(c, user, st.remember, 'oidc');
      return c.redirect(`/callback?type=oidc&next=${encodeURIComponent(safeRedirect(st.redirect))}`, 302);
    } catch (err) {
      auth.ctx.logger.warn({ err: { message: (err as Error).message } }, 'oidc callback failed');
      return fail(c, 'provider_unavailable', 'The sign-in provider could not be reached. Try again later.');
    }
  });
}

/**
 * The account for an SSO identity. An existing local account with the same email is linked only when
 * the provider vouches for the address; if that account's own address was never verified, whoever
 * created it never proved it (pre-hijacking): the account is taken over for the provider's user only
 * after every other way in is removed — password, phone, sessions, tokens, MFA (docs/auth.md).
 */
async function findOrCreate(
  auth: AuthService,
  subject: string,
  email: string | null,
  emailVerified: boolean,
  name: string,
): Promise<UserRow | null> {
  const db = auth.db;
  const identity = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', 'oidc')
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (identity) return (await auth.findUser(identity.user_id)) ?? null;
  let user = email ? await auth.findUserByEmail(email) : undefined;
  if (user && !emailVerified) return null;
  if (user && !user.email_verified_at) {
    await auth.repo.stripCredentials(user.id);
    auth.ctx.logger.warn(
      { userId: user.id },
      'oidc: an unverified local account with this address was taken over by its SSO-verified owner; its password, sessions, tokens and factors were removed',
    );
  }
  if (!user) {
    if (!email) return null;
    const now = new Date();
    try {
      user = await db
        .insertInto('users')
        .values({ email, name, email_verified_at: null, updated_at: now, role: 'user' })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      user = await auth.findUserByEmail(email);
      if (!user) throw err;
    }
  }
  try {
    await db.insertInto('user_identities').values({ user_id: user.id, provider: 'oidc', subject, email }).execute();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  if (email && emailVerified) user = (await auth.emailProven(user.id, email)) ?? user;
  return (await auth.findUser(user.id)) ?? null;
}
