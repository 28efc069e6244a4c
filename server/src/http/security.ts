import { createHash } from 'node:crypto';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { Context } from 'hono';

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

/**
 * The headers every response carries besides the CSP (whose script-src the SPA's hashes widen).
 * Names in lower case, as the app sets all of its own (field names are case-insensitive, RFC 9110
 * 5.1; HTTP/2 sends them so): Node's `setHeader` lower-cases every name for its table of headers and
 * again when it writes the header block — an already lower-case literal is used as it is (no new
 * string to allocate and look up per header and response, ~1–1.5 µs of a small response's ~30 in a
 * measurement of nine headers).
 */
const CONSTANT_HEADERS: readonly (readonly [string, string])[] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=()'],
];

/** The part of Node's `ServerResponse` used here (`@hono/node-server` passes it as `c.env.outgoing`). */
export interface NodeOutgoing {
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
  return outgoingOf(c.env);
}

/** `nodeOutgoing` for the bindings `app.fetch` receives (`{ incoming, outgoing }` on @hono/node-server). */
export function outgoingOf(env: unknown): NodeOutgoing | undefined {
  const out = (env as { outgoing?: Partial<NodeOutgoing> } | undefined)?.outgoing;
  return out && typeof out.setHeader === 'function' && out.headersSent === false ? (out as NodeOutgoing) : undefined;
}

/**
 * The CSP of `/api/*` responses: JSON (and a few files a handler sends with its own stricter policy)
 * that no browser renders as a document — nothing to load, not to be framed (OWASP REST security
 * guidance). The full policy above is for documents: the SPA's index.html, and every other path,
 * as a script or worker served from there is governed by its response's own CSP.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=63072000; includeSubDomains';
const VARY = 'Accept-Encoding';
/** What app.ts sends as X-Request-Id: a well-formed id the client sent, or one of ours (checked again before `presetOn` skips Node's check). */
export const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Node's own table of a response's headers (`OutgoingMessage[kOutHeaders]`: lower-case name →
 * `[name, value]`, null until the first `setHeader`), found on the first response that has it by
 * its symbol's description. A response without it (another runtime, a test's stand-in) gets
 * `setHeader` calls.
 */
let kOutHeaders: symbol | undefined;
/** The table is read with `table[name]` and `for…in`: no inherited names (`constructor`, `toString`). */
const NO_NAMES = Object.create(null) as object;
type HeaderTable = Record<string, [string, unknown]>;

/** `out`'s empty table slot (Node's, not set yet), or false when there is none to fill. */
function emptyHeaderTable(out: NodeOutgoing): boolean {
  kOutHeaders ??= Object.getOwnPropertySymbols(out).find((s) => s.description === 'kOutHeaders');
  return kOutHeaders !== undefined && (out as unknown as Record<symbol, unknown>)[kOutHeaders] === null;
}

/** A header the app adds to every response, checked as `setHeader` would check it (once, not per response). */
function checked(name: string, value: string): readonly [string, string] {
  validateHeaderName(name);
  validateHeaderValue(name, value);
  return [name, value];
}

export interface SecurityHeaders {
  /** Set every header on Node's response before the handler runs (see `nodeOutgoing`). */
  setOn(out: NodeOutgoing, path: string): void;
  /**
   * The pipeline's headers of a response Node has not set any header on yet, in this order:
   * X-Request-Id (`requestId`: app.ts sends only one that matches `REQUEST_ID`), the CSP, the five constant headers, HSTS,
   * and `Vary: Accept-Encoding` when `vary`. The same as a `setHeader()` for each, which is what
   * happens when Node's table of headers is not found or not empty — but, on Node, written into
   * that table as one new object: `setHeader()` checks each name and value with a regular
   * expression and lower-cases the name, per header and response, for values that are the same
   * every time (checked here once). Everything else — a handler's `setHeader`, `getHeader`, the
   * merge with `writeHead()`'s headers, the header block Node writes — is Node's as before.
   */
  presetOn(out: NodeOutgoing, path: string, requestId: string, vary: boolean): void;
  /** Set them on a finished response's headers (app.request, other runtimes); its own CSP wins. */
  addTo(headers: Headers, path: string): void;
}

/**
 * Security headers for every response: the CSP (`API_CSP` under `/api/`, elsewhere the app's policy
 * with the SPA's inline-script hashes in script-src; a response that sets its own CSP keeps it),
 * five constant headers, and HSTS (2 years, subdomains) when `hsts` (an https PUBLIC_URL).
 * The app's middleware sets them on Node's `ServerResponse` before the handler (see
 * `nodeOutgoing`), elsewhere on the finished response.
 */
export function securityHeaders(getScriptHashes: () => string[], opts: { hsts?: boolean } = {}): SecurityHeaders {
  // The policy is the same for every response while the hashes are: built once, not per request.
  let hashes: string[] | null = null;
  let policy = '';
  const policyFor = (path: string) => {
    if (path.startsWith('/api/')) return API_CSP;
    const current = getScriptHashes();
    if (current !== hashes) {
      hashes = current;
      policy = contentSecurityPolicy(current);
    }
    return policy;
  };
  const constant: (readonly [string, string])[] = [...CONSTANT_HEADERS];
  if (opts.hsts) constant.push(['strict-transport-security', HSTS]);
  for (const [name, value] of constant) checked(name, value);
  checked('content-security-policy', API_CSP);
  checked('vary', VARY);
  let checkedPolicy = '';
  const setOn = (out: NodeOutgoing, path: string) => {
    out.setHeader('content-security-policy', policyFor(path));
    for (const [name, value] of constant) out.setHeader(name, value);
  };
  return {
    setOn,
    presetOn(out, path, requestId, vary) {
      if (!emptyHeaderTable(out)) {
        out.setHeader('x-request-id', requestId);
        setOn(out, path);
        if (vary) out.setHeader('vary', VARY);
        return;
      }
      const policy = policyFor(path);
      if (policy !== API_CSP && policy !== checkedPolicy) checkedPolicy = checked('content-security-policy', policy)[1];
      // Fresh [name, value] pairs: Node's appendHeader() changes a pair in place. An object with no
      // inherited names, as Node's own (`{ __proto__: null }`), but not a dictionary from the start.
      const h = Object.create(NO_NAMES) as HeaderTable;
      h['x-request-id'] = ['x-request-id', requestId];
      h['content-security-policy'] = ['content-security-policy', policy];
      for (const [name, value] of constant) h[name] = [name, value];
      if (vary) h.vary = ['vary', VARY];
      (out as unknown as Record<symbol, unknown>)[kOutHeaders!] = h;
    },
    addTo(h, path) {
      if (!h.has('content-security-policy')) h.set('content-security-policy', policyFor(path));
      for (const [name, value] of constant) h.set(name, value);
    },
  };
}
