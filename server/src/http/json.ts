// JSON answers that stay on @hono/node-server's one-write fast path (see security.ts `nodeOutgoing`).
//
// `c.json(body, 200, { 'Cache-Control': … })` gives Hono two headers, and with more than one it
// builds a WHATWG `Headers`, which the adapter then copies back into a plain object for
// `writeHead()`. Here, on Node and for a client that takes the body as it is (no gzip/br: the
// compression middleware will not touch the response), the extra headers go onto Node's
// `ServerResponse` before the response exists and Hono sees only the `Content-Type`: its plain
// object reaches `writeHead()` as it is, and the adapter sets the length from the string (one
// write). Otherwise (a client that accepts compression, `app.request()`), the headers go on the
// response, with a `Content-Length`, so the compression middleware knows the size without reading
// the body and leaves a small one alone; a kept body (`jsonBytes`) of 1 KB or more is sent to a
// client that accepts gzip or br as its compressed copy, made once (`compressedCopy`).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppBindings } from '../context.ts';
import { COMPRESS_MIN, COMPRESS_SYNC_MAX, compressSync, noTransform, pickEncoding } from './compress.ts';
import { nodeOutgoing } from './security.ts';

export interface JsonOptions {
  status?: ContentfulStatusCode;
  cacheControl?: string;
  /** A strong entity tag (`"…"`, see `strongEtag`): a request whose If-None-Match matches gets a 304. */
  etag?: string;
}

/** A strong entity tag for a body: its SHA-256, base64url, quoted. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match (RFC 9110 13.1.2, weak comparison: `W/` is ignored on both sides) against `etag`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === opaque || (tag.startsWith('W/') && tag.slice(2) === opaque)) return true;
  }
  return false;
}

/** The encoding the app will compress this answer with: decided once per request by the app (`c.env.encoding`, app.ts). */
function acceptedEncoding(c: Context): 'br' | 'gzip' | null {
  const decided = (c.env as Partial<AppBindings> | undefined)?.encoding;
  return decided !== undefined ? decided : pickEncoding(c.req.header('accept-encoding'));
}

/** A request header, from Node's own header object when there is one (see http/request-head.ts). */
function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as Partial<AppBindings> | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return typeof v === 'string' || v === undefined ? v : v.join(', ');
}

/** The one header of a JSON answer on the fast path (never modified: Hono and the adapter only read it). */
const JSON_TYPE = { 'content-type': 'application/json' };

const utf8 = new TextEncoder();

/** A JSON text's UTF-8 bytes, to keep between requests and send with `sendJsonText` (an unshared buffer of its own). */
export function jsonBytes(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text);
}

/** Send `value` as JSON (see `sendJsonText`). */
export function sendJson(c: Context, value: unknown, opts: JsonOptions = {}): Response {
  return sendJsonText(c, JSON.stringify(value), opts);
}

/**
 * Send `text` (JSON already encoded, e.g. kept between requests) as `application/json`, with an
 * optional Cache-Control and ETag (answering a matching If-None-Match with 304), keeping the
 * adapter's fast path where it can (see the comment at the top of this file). A body kept between
 * requests is best passed as its UTF-8 bytes (`jsonBytes`, never modified afterwards): the
 * socket write then sends them as they are instead of encoding the string again per request.
 */
export function sendJsonText(c: Context, text: string | Uint8Array<ArrayBuffer>, opts: JsonOptions = {}): Response {
  const status = opts.status ?? 200;
  const notModified = opts.etag !== undefined && etagMatches(requestHeader(c, 'if-none-match'), opts.etag);
  const out = acceptedEncoding(c) ? undefined : nodeOutgoing(c);
  if (out) {
    // lower-case names: see http/security.ts
    if (opts.cacheControl !== undefined) out.setHeader('cache-control', opts.cacheControl);
    if (opts.etag !== undefined) out.setHeader('etag', opts.etag);
    if (notModified) return c.body(null, 304);
    return c.body(text, status, JSON_TYPE);
  }
  const headers: Record<string, string> = {};
  if (opts.cacheControl !== undefined) headers['Cache-Control'] = opts.cacheControl;
  if (opts.etag !== undefined) headers.ETag = opts.etag;
  if (notModified) return c.body(null, 304, headers);
  headers['Content-Type'] = 'application/json';
  const encoding = acceptedEncoding(c);
  if (
    encoding &&
    typeof text !== 'string' &&
    text.byteLength >= COMPRESS_MIN &&
    text.byteLength <= COMPRESS_SYNC_MAX &&
    !noTransform(opts.cacheControl)
  ) {
    // A kept body, for a client that takes it compressed: compressed once, sent as it is (the app's
    // compression leaves an encoded response alone, so Vary and the weak ETag are set here as it would).
    const body = compressedCopy(text, encoding);
    headers['Content-Encoding'] = encoding;
    headers.Vary = 'Accept-Encoding';
    if (opts.etag !== undefined && !opts.etag.startsWith('W/')) headers.ETag = `W/${opts.etag}`;
    headers['Content-Length'] = String(body.byteLength);
    return c.body(body as Uint8Array<ArrayBuffer>, status, headers);
  }
  headers['Content-Length'] = String(typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength);
  return c.body(text, status, headers);
}

/**
 * Compressed copies of kept bodies (`jsonBytes`), per encoding: a body sent again and again to
 * browsers (which all accept gzip and br) is compressed once, not on every request. Each copy lives
 * as long as its body is kept (the region list while its packs are loaded, a list page while
 * cached-list.ts keeps its bytes, a place answer while its pack's cache does).
 */
const compressedCopies = new WeakMap<Uint8Array, { br?: Uint8Array; gzip?: Uint8Array }>();

export function compressedCopy(bytes: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array {
  let copies = compressedCopies.get(bytes);
  if (!copies) compressedCopies.set(bytes, (copies = {}));
  return (copies[encoding] ??= compressSync(bytes, encoding));
}
