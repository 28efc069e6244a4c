// The fetch client against a real local HTTP server (node:http), not a stubbed fetch.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, MAX_RETRIES, api, configureApiClient } from './api-client';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let handler: Handler = (_q, res) => res.end();
let server: http.Server;
let base = '';
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const navigations: string[] = [];
const sleeps: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ navigate: (href) => navigations.push(href), sleep: async (ms) => void sleeps.push(ms) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  navigations.length = 0;
  sleeps.length = 0;
  document.head.innerHTML = '<meta name="csrf-token" content="tok-123">';
  window.history.replaceState(null, '', '/dashboard/projects?page=2');
});

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('api()', () => {
  it('sends the csrf token on unsafe methods only, and JSON bodies', async () => {
    handler = (_q, res) => json(res, 200, { ok: true });
    await api(`${base}/a`);
    await api(`${base}/b`, { method: 'POST', body: { name: 'x' } });
    expect(seen[0]!.headers['x-csrf-token']).toBeUndefined();
    expect(seen[1]!.headers['x-csrf-token']).toBe('tok-123');
    expect(seen[1]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1]!.body)).toEqual({ name: 'x' });
  });

  it('retries a network failure up to 3 times with back-off, then succeeds', async () => {
    let n = 0;
    handler = (req, res) => {
      n += 1;
      if (n <= 3) req.socket.destroy();
      else json(res, 200, { n });
    };
    await expect(api(`${base}/flaky`, { toast: false })).resolves.toEqual({ n: 4 });
    expect(n).toBe(1 + MAX_RETRIES);
    expect(sleeps).toEqual([200, 400, 800]);
  });

  it('gives up after 3 retries with a network_error', async () => {
    handler = (req) => req.socket.destroy();
    const err = await api(`${base}/down`, { toast: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('network_error');
    expect(seen.length).toBe(4);
  });

  it('never retries an HTTP error and parses the error body', async () => {
    handler = (_q, res) => json(res, 500, { error: { code: 'internal_error', message: 'Boom', details: { a: 1 } } });
    const err = (await api(`${base}/e`, { toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(seen.length).toBe(1);
    expect([err.status, err.code, err.message]).toEqual([500, 'internal_error', 'Boom']);
  });

  it("keeps the server's details: the issues of a validation_error, the extras of other errors", async () => {
    const issues = [
      { path: 'name', message: 'a name is required' },
      { path: 'waypoints.1.lon', message: 'Too big: expected number to be <=180' },
    ];
    handler = (_q, res) =>
      json(res, 400, { error: { code: 'validation_error', message: 'Invalid route: name: a name is required', details: { issues } } });
    const err = (await api(`${base}/v`, { method: 'POST', body: {}, toast: false }).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([400, 'validation_error']);
    expect(err.details).toEqual({ issues });
    expect(err.issues).toEqual(issues);
    handler = (_q, res) => json(res, 422, { error: { code: 'weak_password', message: 'Too short', details: { reasons: ['length'] } } });
    const weak = (await api(`${base}/w`, { method: 'POST', body: {}, toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(weak.details).toEqual({ reasons: ['length'] });
    expect(weak.issues).toEqual([]);
    handler = (_q, res) => json(res, 404, { error: { code: 'not_found', message: 'Route not found' } });
    const missing = (await api(`${base}/n`, { redirect: false, toast: false }).catch((e: unknown) => e)) as ApiError;
    expect([missing.code, missing.message, missing.details]).toEqual(['not_found', 'Route not found', undefined]);
    handler = (_q, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway from the proxy');
    };
    const proxy = (await api(`${base}/p`, { toast: false }).catch((e: unknown) => e)) as ApiError;
    expect([proxy.status, proxy.code, proxy.message]).toEqual([502, 'http_502', 'Bad gateway from the proxy']);
  });

  it('sends a 401 to /login with the current path and search as redirect', async () => {
    handler = (_q, res) => json(res, 401, { error: { code: 'unauthorized', message: 'Sign in required' } });
    await expect(api(`${base}/private`)).rejects.toMatchObject({ status: 401 });
    expect(navigations).toEqual([`/login?redirect=${encodeURIComponent('/dashboard/projects?page=2')}`]);
  });

  it('does not redirect for the session probe', async () => {
    handler = (_q, res) => json(res, 401, { error: { code: 'unauthorized', message: 'no' } });
    await expect(api(`${base}/api/_auth/session`)).rejects.toBeInstanceOf(ApiError);
    await expect(api(`${base}/x`, { redirect: false })).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
  });

  it('sends a 403 to /403', async () => {
    handler = (_q, res) => json(res, 403, { error: { code: 'forbidden', message: 'Administrator role required' } });
    await expect(api(`${base}/admin`)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(navigations).toEqual(['/403']);
  });

  it('refreshes an outdated csrf token once and retries', async () => {
    handler = (req, res) => {
      if (req.url === '/api/_auth/csrf') return json(res, 200, { token: 'fresh-456' });
      if (req.headers['x-csrf-token'] === 'fresh-456') return json(res, 200, { saved: true });
      return json(res, 403, { error: { code: 'csrf_token_invalid', message: 'Missing or invalid CSRF token' } });
    };
    await expect(api(`${base}/api/things`, { method: 'POST', body: {} })).resolves.toEqual({ saved: true });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/things', 'GET /api/_auth/csrf', 'POST /api/things']);
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content).toBe('fresh-456');
    expect(navigations).toEqual([]);
  });

  it('validates the response with a schema', async () => {
    handler = (_q, res) => json(res, 200, { count: 'three' });
    const schema = z.object({ count: z.number() });
    await expect(api(`${base}/s`, { schema, toast: false })).rejects.toMatchObject({ code: 'invalid_response' });
    const err = (await api(`${base}/s`, { schema, toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.issues).toEqual([{ path: 'count', message: expect.any(String) }]);
    handler = (_q, res) => json(res, 200, { count: 3 });
    await expect(api(`${base}/s`, { schema })).resolves.toEqual({ count: 3 });
  });
});
