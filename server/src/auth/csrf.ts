import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../http/errors.ts';
import { hmac, randomToken, safeEqual } from './crypto.ts';
import { CSRF_COOKIE } from './service.ts';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit token: the httpOnly `waymark_csrf` cookie holds a random nonce; the token
 * (in the `<meta name="csrf-token">` tag and the X-CSRF-Token header) is `nonce.hmac(secret, nonce)`.
 */
export function csrfTokenFor(secret: string, nonce: string) {
  return `${nonce}.${hmac(secret, `csrf:${nonce}`)}`;
}

export function ensureCsrfCookie(c: Context<AppEnv>, secure: boolean): string {
  let nonce = getCookie(c, CSRF_COOKIE);
  if (!nonce || !/^[\w-]{16,64}$/.test(nonce)) {
    nonce = randomToken(18);
    setCookie(c, CSRF_COOKIE, nonce, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: 400 * 24 * 3600 });
  }
  return nonce;
}

export function csrfValid(secret: string, cookieNonce: string | undefined, header: string | undefined): boolean {
  if (!cookieNonce || !header || header.length > 200) return false;
  return safeEqual(header, csrfTokenFor(secret, cookieNonce));
}

/** Methods that change nothing and are never checked for CSRF. */
export const isSafeMethod = (method: string) => SAFE.has(method);

/**
 * CSRF protection for unsafe /api/* requests from browsers: a cross-site Origin or
 * Sec-Fetch-Site is refused, and a valid X-CSRF-Token is required. Requests with no browser
 * signal at all (no Origin, no Sec-Fetch-Site, no Cookie) carry no ambient authority and are
 * not checked, so scripts and health probes keep working. Returns the 403 to send, or null.
 * Safe methods (GET, HEAD, OPTIONS) are never refused: the caller may skip the call for them.
 */
export function csrfRefusal(c: Context<AppEnv>, secret: () => string, publicOrigin: string): Response | null {
  if (SAFE.has(c.req.method)) return null;
  // Authenticated by its Authorization header alone (the cookie is ignored): no ambient authority to forge.
  if (c.get('bearer')) return null;
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  const cookie = c.req.header('cookie');
  if (!origin && !site && !cookie) return null;
  const selfOrigin = new URL(c.req.url).origin;
  if (origin && origin !== publicOrigin && origin !== selfOrigin) {
    return c.json(errorBody('csrf_origin_mismatch', `Cross-origin request refused (Origin ${origin.slice(0, 100)})`), 403);
  }
  if (site === 'cross-site') return c.json(errorBody('csrf_origin_mismatch', 'Cross-site request refused'), 403);
  if (!csrfValid(secret(), getCookie(c, CSRF_COOKIE), c.req.header(CSRF_HEADER))) {
    return c.json(errorBody('csrf_token_invalid', 'Missing or invalid CSRF token: reload the page and try again'), 403);
  }
  return null;
}
