import { Hono, type Context, type Next } from 'hono';
import type { AppContext, AppEnv, ServerModule } from './context.ts';
import { bodyLimit } from './http/body-limit.ts';
import { compressResponse, pickEncoding } from './http/compress.ts';
import { HttpError, errorBody, rejectUnstorable } from './http/errors.ts';
import { findUnstorableText } from './http/text.ts';
import { nodeOutgoing, securityHeaders } from './http/security.ts';
import { mountSpa } from './http/static.ts';
import { requestLogger } from './lib/logger.ts';
import { requestIds } from './lib/request-id.ts';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Build the Hono app: middleware, feature modules, JSON errors for /api, and the SPA. */
export function createApp(ctx: AppContext, modules: ServerModule[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const log = ctx.logger;
  const newRequestId = requestIds();
  const logRequest = requestLogger(log);

  const jsonBodyLimit = bodyLimit({
    maxSize: ctx.config.BODY_LIMIT_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', `Request body is larger than ${ctx.config.BODY_LIMIT_BYTES} bytes`), 413),
  });
  // Uploads (e.g. project documents) stream their body and enforce UPLOAD_LIMIT_BYTES themselves.
  const streaming = modules.flatMap((m) => m.streamingBodies ?? []);
  /** The /api checks (query text, body limit) around the rest of the chain. */
  const apiChecks = (c: Context<AppEnv>, next: Next) => {
    // Query strings: no NUL or unpaired surrogate reaches a handler (bodies: readJson). A query
    // without a percent sign cannot hold either (the request line is bytes; a raw NUL is refused by
    // the HTTP parser and bytes decode to code points below 0x100, never surrogates).
    const url = c.req.url;
    const q = url.indexOf('?');
    if (q !== -1 && url.indexOf('%', q) !== -1) rejectUnstorable(findUnstorableText(c.req.queries()), 'query');
    return streaming.some((r) => r.test(c.req.path)) ? next() : jsonBodyLimit(c, next);
  };

  const headers = securityHeaders(() => ctx.spa.scriptHashes, { hsts: ctx.config.publicUrl.startsWith('https:') });
  // One middleware for what every response gets — X-Request-Id, the security headers, Vary and
  // compression, the request log — and the /api checks, as each middleware layer costs a dispatch
  // step (and a promise) per request.
  app.use('*', async (c, next) => {
    const t0 = performance.now();
    c.set('receivedAt', t0);
    const incoming = c.req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    c.set('requestId', id);
    const path = c.req.path;
    // Tiles are already compressed and served with Range, HEAD has no body: everything else may be compressed.
    const compressible = c.req.method !== 'HEAD' && !path.startsWith('/tiles/') && !c.req.header('range');
    const encoding = compressible ? pickEncoding(c.req.header('accept-encoding')) : null;
    // On Node the headers go onto the ServerResponse before the handler (see http/security.ts
    // `nodeOutgoing`): touching c.res.headers afterwards would take the response off the adapter's
    // fast path. Elsewhere (app.request in tests) onto the finished response.
    const out = nodeOutgoing(c);
    if (out) {
      out.setHeader('X-Request-Id', id);
      headers.setOn(out, path);
      // A client that accepts no encoding: Vary before the handler, the response is not touched (compress.ts).
      if (compressible && !encoding) out.setHeader('Vary', 'Accept-Encoding');
    }
    if (path === '/api' || path.startsWith('/api/')) {
      try {
        // the body limit answers 413 itself; a refused query throws (to onError, as a handler's error would)
        const res = await apiChecks(c, next);
        if (res instanceof Response) c.res = res;
      } catch (err) {
        c.res = await errorResponse(err as Error, c);
      }
    } else await next();
    if (compressible && (encoding || !out)) await compressResponse(c, encoding);
    if (!out) {
      c.res.headers.set('X-Request-Id', id);
      headers.addTo(c.res.headers, path);
    }
    const status = c.res.status;
    const entry = { reqId: id, method: c.req.method, path, status, ms: Math.round((performance.now() - t0) * 10) / 10 };
    if (status >= 500) log.error(entry, 'request');
    else if (!path.startsWith('/assets/') && !path.startsWith('/tiles/')) logRequest(entry);
    else log.debug(entry, 'request');
  });

  for (const m of modules) m.register?.(app, ctx);

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}`), 404));

  mountSpa(
    app as unknown as Hono,
    ctx.spa,
    modules.flatMap((m) => m.indexTransforms ?? []),
  );

  app.notFound((c) => c.text(`Page not found: ${c.req.path}`, 404));

  function errorResponse(err: Error, c: Context<AppEnv>): Response {
    if (err instanceof HttpError) {
      return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
    }
    // Hono's own HTTPException (e.g. from body parsing) carries a status.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return c.json(errorBody('bad_request', err.message || 'Bad request'), status as 400);
    }
    log.error({ reqId: c.get('requestId'), err: { message: err.message, stack: err.stack } }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side. The error was logged.'), 500);
  }
  app.onError(errorResponse);

  return app;
}
