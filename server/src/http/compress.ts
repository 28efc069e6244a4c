// Response compression for the dynamic part of the app (JSON, the SPA's index.html, small files).
//
// Hono's compress() pipes every compressible body through a CompressionStream, and adds Vary
// with c.header() once the response exists, which rebuilds the response around a stream: every
// response then leaves by the slow streaming path (chunked, several writes), even a 60-byte JSON
// to a client that accepts no encoding at all. Here:
// - Vary: Accept-Encoding goes onto the response's own headers (the response stays as it was);
// - nothing is read or rebuilt unless the client accepts gzip or br, the type is compressible,
//   and the body is at least `threshold` bytes (below that compression saves nothing on the wire);
// - bodies are compressed in one call (zlib, synchronously up to 64 KB, on the thread pool above)
//   into a buffer with a Content-Length, so the response still leaves in one write.
// - on Node, a client that accepts no encoding gets Vary set before the handler and its response
//   is not touched at all (the adapter's one-write fast path: see security.ts `nodeOutgoing`).
// Tiles (already compressed, served with Range) and precompressed build assets never come here.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { nodeOutgoing } from './security.ts';

/** Content types worth compressing (text, JSON, JS, XML, SVG, web manifests, GPX…). */
export const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json|geo\+json|gpx\+xml|ld\+json|x-ndjson|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const SYNC_LIMIT = 64 * 1024;
/** Bodies above this are sent as they are (nothing dynamic is this large; big files are precompressed). */
const MAX_BODY = 8 * 1024 * 1024;

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
const GZIP_OPTS: zlib.ZlibOptions = { level: 6 };
// Brotli's default quality (11) is meant for build-time compression; 4 is about gzip's speed, smaller.
const brotliOpts = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** The encoding to use for an Accept-Encoding header: br, else gzip, if acceptable (q > 0). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  let br = false;
  let gzip = false;
  let star = false;
  let brRefused = false;
  let gzipRefused = false;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (name === 'br') {
      br ||= ok;
      brRefused ||= !ok;
    } else if (name === 'gzip' || name === 'x-gzip') {
      gzip ||= ok;
      gzipRefused ||= !ok;
    } else if (name === '*') star = ok;
  }
  if (br || (star && !brRefused)) return 'br';
  if (gzip || (star && !gzipRefused)) return 'gzip';
  return null;
}

function addVary(h: Headers) {
  const vary = h.get('vary');
  if (!vary) h.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) h.set('Vary', `${vary}, Accept-Encoding`);
}

export function compression(opts: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? COMPRESS_MIN;
  return async (c, next) => {
    if (c.req.method === 'HEAD') return next();
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const outgoing = encoding ? undefined : nodeOutgoing(c);
    if (outgoing) {
      // Nothing will be compressed for this client: on Node, Vary goes onto the ServerResponse before
      // the handler and the response is not touched, so it stays on the adapter's fast path (see
      // security.ts `nodeOutgoing`). Unlike below, every type and status gets it (harmless: it only
      // narrows what a shared cache reuses), and a response's own Vary replaces it.
      outgoing.setHeader('Vary', 'Accept-Encoding');
      return next();
    }
    await next();
    const res = c.res;
    const out = await compressed(res, encoding, threshold);
    if (out !== res) {
      c.res = undefined as unknown as Response; // no header merge: `out` already has them all
      c.res = out;
    }
  };
}

/**
 * The part of `compression()` after the handler, for a client that accepts `encoding` (or none,
 * off Node): adds Vary to a compressible response and compresses its body when it is worth it —
 * then the answer is a new response around the compressed bytes, otherwise `res` itself. The app's
 * request pipeline calls it directly (app.ts).
 */
export function compressed(res: Response, encoding: 'br' | 'gzip' | null, threshold = COMPRESS_MIN): Response | Promise<Response> {
  const status = res.status;
  if (status < 200 || status === 204 || status === 206 || status === 304) return res;
  const h = res.headers;
  const type = h.get('content-type');
  if (!type || !COMPRESSIBLE.test(type) || h.has('content-encoding') || h.has('transfer-encoding')) return res;
  if (NO_TRANSFORM.test(h.get('cache-control') ?? '')) return res;
  addVary(h);
  if (!encoding) return res;
  const declared = h.get('content-length');
  if (declared !== null && (Number(declared) < threshold || Number(declared) > MAX_BODY)) return res;
  return compressBody(res, status, h, encoding, threshold);
}

/** Bodies at least this large are compressed (below it compression saves nothing on the wire). */
export const COMPRESS_MIN = 1024;

/** Whether a Cache-Control value forbids changing the body (`no-transform`). */
export const noTransform = (cacheControl: string | undefined) => cacheControl !== undefined && NO_TRANSFORM.test(cacheControl);

/** `body` compressed with `encoding` in one synchronous call (for bodies up to 64 KB; the settings of this middleware). */
export function compressSync(body: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOpts(body.byteLength)) : zlib.gzipSync(body, GZIP_OPTS);
}

/** The largest body `compressSync` is meant for (larger ones go to the thread pool). */
export const COMPRESS_SYNC_MAX = SYNC_LIMIT;

async function compressBody(res: Response, status: number, h: Headers, encoding: 'br' | 'gzip', threshold: number): Promise<Response> {
  const body = new Uint8Array(await res.arrayBuffer());
  let out: Uint8Array = body;
  if (body.byteLength >= threshold && body.byteLength <= MAX_BODY) {
    if (body.byteLength <= SYNC_LIMIT) {
      out = compressSync(body, encoding);
    } else {
      out = encoding === 'br' ? await brotliAsync(body, brotliOpts(body.byteLength)) : await gzipAsync(body, GZIP_OPTS);
    }
    h.set('Content-Encoding', encoding);
    const etag = h.get('etag');
    if (etag && !etag.startsWith('W/')) h.set('ETag', `W/${etag}`);
  }
  h.set('Content-Length', String(out.byteLength));
  // The body was read: the response is rebuilt around the bytes, with the same status and headers.
  return new Response(out, { status, headers: h });
}
