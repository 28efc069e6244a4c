// The request body limit for /api/*, without building a WHATWG Request for every request.
//
// Hono's bodyLimit() asks `c.req.raw.body` first, which makes @hono/node-server construct the full
// Request (with its body stream) even for a GET — a large share of a small request's time. Here
// the headers decide first: GET/HEAD/OPTIONS without Content-Length or Transfer-Encoding carry no
// body, and a Content-Length alone is compared directly (Node's parser already holds a request to
// it). Only chunked or unusual requests go through Hono's streaming count.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bodyLimit(opts: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const counting = honoBodyLimit(opts);
  // Not an async function: the common case (a GET) hands on `next()`'s promise without one of its own.
  return (c, next) => {
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (!chunked) {
      if (length === undefined && NO_BODY.has(c.req.method)) return next();
      if (length !== undefined && /^\d{1,15}$/.test(length))
        return Number(length) > opts.maxSize ? Promise.resolve(opts.onError(c)) : next();
    }
    return counting(c, next);
  };
}
