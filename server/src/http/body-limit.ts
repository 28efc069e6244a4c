// The request body limit for /api/*, decided before the router from the request's headers
// (app.ts), without building a WHATWG Request for every request.
//
// Hono's bodyLimit() asks `c.req.raw.body` first, which makes @hono/node-server construct the full
// Request (with its body stream) even for a GET — a large share of a small request's time. Here the
// headers decide: GET/HEAD/OPTIONS without Content-Length or Transfer-Encoding carry no body, and a
// Content-Length alone is compared directly (Node's parser already holds a request to it). Only
// chunked or unusual requests are read and counted (`readWithin`), as Hono's bodyLimit does.
import type { RequestHead } from './request-head.ts';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `none`: the request carries no body; `within`: a declared length within `maxSize`; `too-large`:
 * a declared length above it (413); `count`: the body must be read to know (`readWithin`).
 */
export type BodySize = 'none' | 'within' | 'too-large' | 'count';

export function bodySize(head: RequestHead, maxSize: number): BodySize {
  const length = head.header('content-length');
  if (head.header('transfer-encoding') === undefined) {
    if (length === undefined && NO_BODY.has(head.method)) return 'none';
    if (length !== undefined && /^\d{1,15}$/.test(length)) return Number(length) > maxSize ? 'too-large' : 'within';
  }
  return 'count';
}

/**
 * The request with its body read into memory when it is at most `maxSize` bytes, or null when it is
 * larger (then nothing more is read: the adapter drains or closes the rest).
 */
export async function readWithin(request: Request, maxSize: number): Promise<Request | null> {
  if (!request.body) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxSize) return null;
    chunks.push(value);
  }
  return new Request(request, { body: Buffer.concat(chunks, size) });
}
