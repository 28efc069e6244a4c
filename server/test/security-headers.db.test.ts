// Every response carries the security headers and X-Request-Id — on both ways the app sets them:
// through @hono/node-server (set on Node's ServerResponse before the handler, so the response keeps
// the adapter's fast path) and through app.request() (set on the finished response). The kinds of
// response: a JSON 200, a thrown 4xx, a 500 from onError, a 413 from the body limit, a static asset,
// the SPA's index.html (CSP widened with its inline script's hash), 404s, and a handler's own CSP.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerModule } from '../src/context.ts';
import { badRequest } from '../src/http/errors.ts';
import { modules as defaultModules } from '../src/modules.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

const INLINE = "window.__waymarkTest = 'inline script';";
const HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
const ASSET = '/assets/app-Abc123xyz.js';

/** Routes that fail on purpose, registered like any module's. */
const failing: ServerModule = {
  name: 'header-test-routes',
  register(app) {
    app.get('/api/_test/bad', () => {
      throw badRequest('Not like that');
    });
    app.get('/api/_test/boom', () => {
      throw new Error('handler failed');
    });
    app.get('/api/_test/own-csp', (c) =>
      c.body('x', 200, { 'Content-Type': 'text/plain', 'Content-Security-Policy': "default-src 'none'" }),
    );
  },
};

const SECURITY: Record<string, string | RegExp> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
};

/**
 * `api`: the minimal policy of `/api/*` answers (JSON, never rendered as a document); `app`: the
 * documents' full policy; `own`: a handler's own.
 */
function expectSecurityHeaders(res: Response, what: string, csp: 'api' | 'app' | 'own') {
  for (const [name, value] of Object.entries(SECURITY)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  const policy = res.headers.get('content-security-policy') ?? '';
  if (csp === 'own') expect(policy, what).toBe("default-src 'none'");
  else if (csp === 'api') expect(policy, what).toBe("default-src 'none'; frame-ancestors 'none'");
  else {
    expect(policy, what).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval' /);
    expect(policy, what).toContain("frame-ancestors 'none'");
    expect(policy, what).toContain("object-src 'none'");
    // the SPA's inline script hash widens script-src of every response (index.html needs it)
    expect(
      policy.split('; ').find((d) => d.startsWith('script-src')),
      what,
    ).toContain(HASH);
  }
  expect(res.headers.get('x-request-id'), `${what}: x-request-id`).toMatch(/^[0-9a-f-]{36}$/);
}

describe(`security headers on every response (${TEST_DB})`, () => {
  let t: TestApp;
  let dist: string;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-headers-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><title>Waymark</title><script>${INLINE}</script><script type="module" src="${ASSET}"></script></head><body></body></html>`,
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, ASSET), 'export const x = 1;\n');
    fs.writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(['/', '/login']));
    t = await createTestApp({ WEB_DIST: dist, BODY_LIMIT_BYTES: '1024' }, [...defaultModules, failing]);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const ways = [
    ['over HTTP (@hono/node-server)', (p: string, init?: RequestInit) => fetch(`${base}${p}`, init)],
    ['in process (app.request)', (p: string, init?: RequestInit) => t.app.request(p, init)],
  ] as const;

  for (const [way, request] of ways) {
    describe(way, () => {
      it('a JSON 200', async () => {
        const res = await request('/api/health');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('cache-control')).toBe('no-store'); // the handler's own headers survive
        expectSecurityHeaders(res, 'GET /api/health', 'api');
        expect(((await res.json()) as { status: string }).status).toBe('ok');
      });

      it('a thrown 4xx and a 500 from onError', async () => {
        const bad = await request('/api/_test/bad');
        expect(bad.status).toBe(400);
        expect(await bad.json()).toEqual({ error: { code: 'bad_request', message: 'Not like that' } });
        expectSecurityHeaders(bad, 'thrown 400', 'api');
        const boom = await request('/api/_test/boom');
        expect(boom.status).toBe(500);
        expect(((await boom.json()) as { error: { code: string } }).error.code).toBe('internal_error');
        expectSecurityHeaders(boom, 'onError 500', 'api');
      });

      it('a query refused before any handler (NUL): 400 as JSON', async () => {
        const res = await request('/api/health?q=a%00b');
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_error');
        expectSecurityHeaders(res, 'refused query', 'api');
      });

      it('a 413 from the body limit', async () => {
        const res = await request('/api/health', { method: 'POST', body: 'x'.repeat(2000), headers: { 'content-type': 'text/plain' } });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
        expectSecurityHeaders(res, '413', 'api');
      });

      it('a static asset and the SPA index with its hash-widened CSP', async () => {
        const asset = await request(ASSET);
        expect(asset.status).toBe(200);
        expect(await asset.text()).toBe('export const x = 1;\n');
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expectSecurityHeaders(asset, 'static asset', 'app');
        const index = await request('/login');
        expect(index.status).toBe(200);
        expect(index.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await index.text()).toContain(INLINE);
        expectSecurityHeaders(index, 'SPA index', 'app');
      });

      it('404s: an unknown API route, an unknown page and an unknown file', async () => {
        const api = await request('/api/no-such-route');
        expect(api.status).toBe(404);
        expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
        expectSecurityHeaders(api, 'API 404', 'api');
        const page = await request('/no-such-page', { headers: { accept: 'text/html' } });
        expect(page.status).toBe(404);
        expect(await page.text()).toContain(INLINE); // the SPA renders its own 404
        expectSecurityHeaders(page, 'page 404', 'app');
        const file = await request('/no-such-file.txt');
        expect(file.status).toBe(404);
        expectSecurityHeaders(file, 'file 404', 'app');
      });

      it("keeps a handler's own stricter CSP, and echoes a well-formed request id only", async () => {
        const own = await request('/api/_test/own-csp');
        expect(own.status).toBe(200);
        expectSecurityHeaders(own, 'own CSP', 'own');
        const echoed = await request('/api/health', { headers: { 'x-request-id': 'trace-42.a_b' } });
        expect(echoed.headers.get('x-request-id')).toBe('trace-42.a_b');
        const spoofed = await request('/api/health', { headers: { 'x-request-id': 'no spaces\tor tabs' } });
        expect(spoofed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      });
    });
  }

  for (const [way, request] of ways) {
    it(`${way}: a JSON answer kept between requests carries a strong ETag and answers If-None-Match with 304`, async () => {
      // identity: over HTTP the answer's own path (fetch asks for gzip by default; that case below)
      const identity = { 'accept-encoding': 'identity' };
      const res = await request('/api/regions', { headers: identity });
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const body = await res.text();
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
      expect((JSON.parse(body) as { regions: { name: string }[] }).regions.map((r) => r.name)).toContain('andorra');
      expectSecurityHeaders(res, 'GET /api/regions', 'api');
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await request('/api/regions', { headers: { ...identity, 'if-none-match': inm } });
        expect(again.status, inm).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('no-cache');
        expect(await again.text()).toBe('');
        expectSecurityHeaders(again, '304', 'api');
      }
      const other = await request('/api/regions', { headers: { ...identity, 'if-none-match': '"something-else"' } });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(body);
    });
  }

  it('over HTTP, a client that accepts gzip gets the list compressed with a weak ETag, and 304 for it', async () => {
    const plain = await (await fetch(`${base}/api/regions`, { headers: { 'accept-encoding': 'identity' } })).text();
    const res = await fetch(`${base}/api/regions`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(await res.text()).toBe(plain); // fetch decodes it
    const again = await fetch(`${base}/api/regions`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('over HTTP, a client that accepts no encoding gets Vary: Accept-Encoding and a single, length-delimited body', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(res.headers.get('transfer-encoding')).toBeNull();
  });
});
