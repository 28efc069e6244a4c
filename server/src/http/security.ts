import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

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

/** The headers every response carries besides the CSP (whose script-src the SPA's hashes widen). */
const CONSTANT_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=()'],
];

/** The part of Node's `ServerResponse` used here (`@hono/node-server` passes it as `c.env.outgoing`). */
interface NodeOutgoing {
  setHeader(name: string, value: string): unknown;
  headersSent: boolean;
}

/**
 * The Node response this request will be written to, when the app runs on `@hono/node-server`
 * (undefined under `app.request()` and other runtimes).
 *
 * Why headers go there: `@hono/node-server` writes a response built by `c.json()`/`c.text()`/
 * `c.body()` whose headers are still a plain object with one `writeHead()` and one `end()` (its
 * `responseViaCache`). Reading or writing `c.res.headers` after the handler turns them into a
 * WHATWG `Headers` (validated, lower-cased, sorted when iterated), which the adapter then copies
 * back into a plain object (`buildOutgoingHttpHeaders`) — a large share of a small request's CPU.
 * Headers set on the `ServerResponse` before the handler runs cost one `setHeader()` each, and
 * Node merges them into the adapter's `writeHead()`, the response's own value winning for a header
 * both set (so a handler may still send a stricter CSP, as project documents do). Every response
 * the adapter writes gets them: JSON, HTML, files, errors from `onError`, 413s, and the adapter's
 * own 500 when the app itself fails.
 */
export function nodeOutgoing(c: Context): NodeOutgoing | undefined {
  const out = (c.env as { outgoing?: Partial<NodeOutgoing> } | undefined)?.outgoing;
  return out && typeof out.setHeader === 'function' && out.headersSent === false ? (out as NodeOutgoing) : undefined;
}

/**
 * Security headers for every response: the app's CSP (with the SPA's inline-script hashes in
 * script-src; a response that sets its own CSP keeps it) and five constant headers.
 * On Node they are set on the `ServerResponse` before the handler (see `nodeOutgoing`); elsewhere on
 * the finished response.
 */
export function securityHeaders(getScriptHashes: () => string[]): MiddlewareHandler {
  // The policy is the same for every response while the hashes are: built once, not per request.
  let hashes: string[] | null = null;
  let policy = '';
  const currentPolicy = () => {
    const current = getScriptHashes();
    if (current !== hashes) {
      hashes = current;
      policy = contentSecurityPolicy(current);
    }
    return policy;
  };
  return async (c, next) => {
    const out = nodeOutgoing(c);
    if (out) {
      out.setHeader('Content-Security-Policy', currentPolicy());
      for (const [name, value] of CONSTANT_HEADERS) out.setHeader(name, value);
      return next();
    }
    await next();
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', currentPolicy());
    for (const [name, value] of CONSTANT_HEADERS) h.set(name, value);
  };
}

/** HSTS (2 years, subdomains) for an instance whose PUBLIC_URL is https: browsers then refuse plain http. */
export function strictTransportSecurity(): MiddlewareHandler {
  const value = 'max-age=63072000; includeSubDomains';
  return async (c, next) => {
    const out = nodeOutgoing(c);
    if (out) {
      out.setHeader('Strict-Transport-Security', value);
      return next();
    }
    await next();
    c.res.headers.set('Strict-Transport-Security', value);
  };
}
