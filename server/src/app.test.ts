// The app's request pipeline (app.ts) around two routers: the full app, and the same routes without
// the modules' middleware for every path, for the requests those modules say they leave alone.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext, ServerModule } from './context.ts';
import { loadSpa } from './http/static.ts';

/** Enough of a context for createApp: no database is touched by these routes. */
function context(): AppContext {
  return {
    config: loadConfig({ NODE_ENV: 'test', BODY_LIMIT_BYTES: '1024' }),
    logger: pino({ level: 'silent' }),
    spa: loadSpa(null),
  } as unknown as AppContext;
}

/** A module with middleware for every path that marks what it saw, and a synchronous route. */
function marking(passesOn?: ServerModule['passesOn']): ServerModule {
  return {
    name: 'marking',
    passesOn,
    register(app) {
      app.use('*', async (c, next) => {
        await next();
        c.res.headers.set('x-middleware', 'ran');
      });
      app.get('/api/hello', (c) => c.json({ hello: c.env.requestId.length > 0 }));
      app.post('/api/echo', async (c) => c.text(await c.req.text()));
    },
  };
}

/** The part of Node's ServerResponse the pipeline writes headers to. */
const outgoing = () => {
  const headers: Record<string, string> = {};
  return { headers, env: { outgoing: { headersSent: false, setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v) } } };
};

const anonymousGet = (head: { method: string; header(name: string): string | undefined }) =>
  head.method === 'GET' && head.header('cookie') === undefined;

describe('the request pipeline', () => {
  it('answers a request every module passes on from the router without their middleware, synchronously on Node', async () => {
    const app = createApp(context(), [marking(anonymousGet)]);
    const out = outgoing();
    const res = app.fetch(new Request('http://localhost/api/hello'), out.env as never);
    // not a promise: @hono/node-server writes it at once
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as Response).status).toBe(200);
    expect(await (res as Response).json()).toEqual({ hello: true });
    expect((res as Response).headers.get('x-middleware')).toBeNull();
    // the pipeline's own headers went onto Node's response before the handler
    expect(out.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.headers['x-content-type-options']).toBe('nosniff');
    expect(out.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends every other request through the middleware', async () => {
    const app = createApp(context(), [marking(anonymousGet)]);
    const withCookie = await app.fetch(new Request('http://localhost/api/hello', { headers: { cookie: 'a=1' } }), outgoing().env as never);
    expect(withCookie.headers.get('x-middleware')).toBe('ran');
    const post = await app.request('/api/echo', { method: 'POST', body: 'hi' });
    expect(await post.text()).toBe('hi');
    expect(post.headers.get('x-middleware')).toBe('ran');
    // an unknown API path: the same JSON 404 either way
    const lean = await app.request('/api/nothing');
    const full = await app.request('/api/nothing', { headers: { cookie: 'a=1' } });
    expect(lean.status).toBe(404);
    expect(await lean.json()).toEqual(await full.json());
  });

  it('never bypasses middleware for every path whose module does not say what it leaves alone', async () => {
    const app = createApp(context(), [marking(undefined)]);
    const res = await app.fetch(new Request('http://localhost/api/hello'), outgoing().env as never);
    expect(res.headers.get('x-middleware')).toBe('ran');
  });

  it('refuses a body over the limit, declared or counted, before any handler', async () => {
    const app = createApp(context(), [marking(anonymousGet)]);
    const declared = await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(1025), headers: { 'content-length': '1025' } });
    expect(declared.status).toBe(413);
    // no Content-Length (a stream): counted while read
    const counted = await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(1025) });
    expect(counted.status).toBe(413);
    expect(((await counted.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(await (await app.request('/api/echo', { method: 'POST', body: 'x'.repeat(1024) })).text()).toBe('x'.repeat(1024));
  });
});
