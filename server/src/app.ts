import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getPath, getQueryParams } from 'hono/utils/url';
import type { ErrorBody } from '@waymark/contracts';
import type { AppBindings, AppContext, AppEnv, ServerModule } from './context.ts';
import { bodySize, readWithin } from './http/body-limit.ts';
import { compressed, pickEncoding } from './http/compress.ts';
import { HttpError, errorBody, errorJson, rejectUnstorable } from './http/errors.ts';
import { RequestHead } from './http/request-head.ts';
import { findUnstorableText } from './http/text.ts';
import { REQUEST_ID, outgoingOf, securityHeaders, type NodeOutgoing } from './http/security.ts';
import { mountSpa } from './http/static.ts';
import { requestLogger } from './lib/logger.ts';
import { requestIds } from './lib/request-id.ts';

type Answer = Response | Promise<Response>;

/**
 * Build the Hono app: feature modules, JSON errors for /api, the SPA — and, around the router, the
 * request pipeline: what every response gets (X-Request-Id, the security headers, Vary and
 * compression, the request log line) and the /api checks (query text, body limit).
 *
 * The pipeline is not a Hono middleware: it wraps `app.fetch` (and so `app.request`). A route
 * that matches alone — one handler, no middleware — is called by Hono directly, and when it
 * answers synchronously Hono returns its Response synchronously, which @hono/node-server writes at
 * once (`responseViaCache`, one `writeHead` and one `end`) instead of going through the promise
 * chain of `compose` and `responseViaResponseObject`. So the pipeline does its part before the
 * router (headers onto Node's ServerResponse, checks) and after it (the log line) without a
 * middleware layer, and hands Hono the request with everything a handler needs in `c.env`.
 *
 * Modules may still add middleware for every path (the auth module: session lookup and CSRF). The
 * requests every such module declares it leaves alone (`ServerModule.passesOn`: for auth, a
 * GET/HEAD/OPTIONS under /api/ without a session cookie or a token) go to a second router holding the same
 * routes without that middleware (`lean`); all others to the full app.
 */
export function createApp(ctx: AppContext, modules: ServerModule[]): Hono<AppEnv> {
  // The routers take the path the pipeline has already worked out (Hono's own `getPath` otherwise).
  const options = { getPath: (req: Request, o?: { env?: unknown }) => (o?.env as AppBindings | undefined)?.path ?? getPath(req) };
  const app = new Hono<AppEnv>(options);
  /** The same /api routes without the modules' middleware for every path (see `passesOn`). */
  const lean = new Hono<AppEnv>(options);
  const log = ctx.logger;
  const newRequestId = requestIds();
  const logRequest = requestLogger(log);
  const maxBody = ctx.config.BODY_LIMIT_BYTES;
  // Uploads (e.g. project documents) stream their body and enforce UPLOAD_LIMIT_BYTES themselves.
  const streaming = modules.flatMap((m) => m.streamingBodies ?? []);

  // Every route a module registers goes to both routers, in the same order, except a module's
  // middleware for every path, which only the full app has.
  const passes: ((head: RequestHead) => boolean)[] = [];
  let leanOpen = true;
  for (const m of modules) {
    const from = app.routes.length;
    m.register?.(app, ctx);
    let everywhere = false;
    for (const r of app.routes.slice(from)) {
      if (r.method === 'ALL' && r.path === '/*') {
        everywhere = true;
        if (m.passesOn) continue;
        leanOpen = false; // middleware for every path that says nothing of what it skips: never bypassed
      }
      lean.on(r.method, r.path, r.handler);
    }
    if (everywhere && m.passesOn) passes.push(m.passesOn);
  }

  const apiNotFound = (c: Context<AppEnv>) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}`), 404);
  app.all('/api/*', apiNotFound);
  lean.notFound(apiNotFound);

  mountSpa(
    app as unknown as Hono,
    ctx.spa,
    modules.flatMap((m) => m.indexTransforms ?? []),
  );

  app.notFound((c) => c.text(`Page not found: ${c.req.path}`, 404));

  /**
   * The JSON error answer for `err`. With the handler's context (`c`) it is built by Hono's
   * `c.json`, which keeps what a middleware already put into the response (the Set-Cookie that
   * clears an expired session's cookie before the handler's 401); before the router there is none.
   */
  function errorResponse(err: Error, requestId: string, c?: Context<AppEnv>): Response {
    const json = (status: number, body: ErrorBody, headers?: Record<string, string>) =>
      c ? c.json(body, status as ContentfulStatusCode, headers) : errorJson(status, body, headers);
    if (err instanceof HttpError) return json(err.status, errorBody(err.code, err.message, err.details), err.headers);
    // Hono's own HTTPException (e.g. from body parsing) carries a status.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return json(status, errorBody('bad_request', err.message || 'Bad request'));
    log.error({ reqId: requestId, err: { message: err.message, stack: err.stack } }, 'unhandled error');
    return json(500, errorBody('internal_error', 'Something went wrong on our side. The error was logged.'));
  }
  const onError = (err: Error, c: Context<AppEnv>) => errorResponse(err, c.env.requestId, c);
  app.onError(onError);
  lean.onError(onError);

  const tooLarge = () => errorJson(413, errorBody('payload_too_large', `Request body is larger than ${maxBody} bytes`));
  const full = app.fetch;
  const leanFetch = lean.fetch;

  /** The /api checks, then the router: the lean one when every module's middleware would pass the request on. */
  function route(head: RequestHead, env: AppBindings, executionCtx: unknown): Answer {
    const req = head.request;
    const ec = executionCtx as Parameters<typeof full>[2];
    if (!head.api) return full(req, env, ec);
    // Query strings: no NUL or unpaired surrogate reaches a handler (bodies: readJson). A query
    // without a percent sign cannot hold either (the request line is bytes; a raw NUL is refused by
    // the HTTP parser and bytes decode to code points below 0x100, never surrogates).
    const url = req.url;
    const q = url.indexOf('?');
    if (q !== -1 && url.indexOf('%', q) !== -1) rejectUnstorable(findUnstorableText(getQueryParams(url)), 'query');
    const size = bodySize(head, maxBody);
    if (size === 'none')
      return leanOpen && head.path !== '/api' && passes.every((p) => p(head)) ? leanFetch(req, env, ec) : full(req, env, ec);
    const path = head.path;
    if (streaming.some((r) => r.test(path))) return full(req, env, ec);
    if (size === 'too-large') return tooLarge();
    if (size === 'count') return readWithin(req, maxBody).then((r) => (r ? full(r, env, ec) : tooLarge()));
    return full(req, env, ec);
  }

  const headers = securityHeaders(() => ctx.spa.scriptHashes, { hsts: ctx.config.publicUrl.startsWith('https:') });

  /** The request log line (one per request: reqId, method, path, status, ms). */
  function logLine(id: string, method: string, path: string, status: number, t0: number) {
    const entry = { reqId: id, method, path, status, ms: Math.round((performance.now() - t0) * 10) / 10 };
    if (status >= 500) log.error(entry, 'request');
    else if (!path.startsWith('/assets/') && !path.startsWith('/tiles/')) logRequest(entry);
    else log.debug(entry, 'request');
  }

  /** After the router, when the response is a promise or needs work (compression; headers off Node). */
  async function complete(answer: Answer, head: RequestHead, env: AppBindings, out: NodeOutgoing | undefined, compressible: boolean) {
    let res: Response;
    try {
      res = await answer;
    } catch (err) {
      res = errorResponse(err as Error, env.requestId);
    }
    if (compressible && (env.encoding || !out)) res = await compressed(res, env.encoding);
    if (!out) {
      res.headers.set('x-request-id', env.requestId);
      headers.addTo(res.headers, head.path);
    }
    logLine(env.requestId, head.method, head.path, res.status, env.receivedAt);
    return res;
  }

  app.fetch = (request, env, executionCtx) => {
    const t0 = performance.now();
    // @hono/node-server's `{ incoming, outgoing }` of this request (completed here), or a new object.
    const bindings = (env ?? {}) as AppBindings;
    const head = new RequestHead(request, bindings.incoming);
    const path = head.path;
    const given = head.header('x-request-id');
    const id = given !== undefined && REQUEST_ID.test(given) ? given : newRequestId();
    // Tiles are already compressed and served with Range, HEAD has no body: everything else may be compressed.
    const compressible = head.method !== 'HEAD' && !path.startsWith('/tiles/') && head.header('range') === undefined;
    bindings.requestId = id;
    bindings.receivedAt = t0;
    bindings.path = path;
    bindings.encoding = compressible ? pickEncoding(head.header('accept-encoding')) : null;
    // On Node the headers go onto the ServerResponse before the handler (see http/security.ts
    // `nodeOutgoing`): touching the response's headers afterwards would take it off the adapter's
    // fast path. Elsewhere (app.request in tests) onto the finished response.
    const out = outgoingOf(bindings);
    // X-Request-Id, the security headers, and for a client that accepts no encoding Vary before the
    // handler: the response is not touched afterwards (compress.ts).
    if (out) headers.presetOn(out, path, id, compressible && !bindings.encoding);
    let answer: Answer;
    try {
      answer = route(head, bindings, executionCtx);
    } catch (err) {
      // a refused query throws (the same answer as a handler's error)
      answer = errorResponse(err as Error, id);
    }
    if (answer instanceof Promise || !out || (compressible && bindings.encoding))
      return complete(answer, head, bindings, out, compressible);
    // Answered synchronously, for a client that takes it as it is: returned as it is, so the
    // adapter writes it at once.
    logLine(id, head.method, path, answer.status, t0);
    return answer;
  };

  return app;
}
