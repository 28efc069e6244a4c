import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** SHA-256 CSP source expressions for the inline <script> blocks of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  const re = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    const body = m[1] ?? '';
    if (body.trim()) out.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return out;
}

export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
    // MapLibre and the pmtiles protocol decode tiles in workers built from blobs.
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "connect-src 'self' blob: data:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers for every response. The CSP is the app's; the index.html handler may widen script-src with hashes. */
export function securityHeaders(getScriptHashes: () => string[]): MiddlewareHandler {
  // The policy is the same for every response while the hashes are: built once, not per request.
  let hashes: string[] | null = null;
  let policy = '';
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const current = getScriptHashes();
    if (current !== hashes) {
      hashes = current;
      policy = contentSecurityPolicy(current);
    }
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', policy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()');
  };
}

/** HSTS (2 years, subdomains) for an instance whose PUBLIC_URL is https: browsers then refuse plain http. */
export function strictTransportSecurity(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
