import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.ts';
import { compression, pickEncoding } from './compress.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Route number ${i}`, note: 'up the valley and back' })) };

function app() {
  const a = new Hono();
  a.use('*', compression());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  a.get('/vary', (c) => c.json(big, 200, { Vary: 'Origin' }));
  a.get('/etag', (c) => c.json(big, 200, { ETag: '"abc"' }));
  a.get('/cookie', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/', { append: true });
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    return c.json(big, 201);
  });
  return a;
}

describe('compression', () => {
  it('picks br, then gzip, honouring q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
  });

  it('compresses a large JSON body whole, with a Content-Length, for br and for gzip', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await app().request('/big', { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 4);
      expect(JSON.parse(decode(bytes).toString('utf8'))).toEqual(big);
    }
  });

  it('leaves alone small bodies, clients that accept nothing, binary types, no-transform and HEAD', async () => {
    const a = app();
    const small = await a.request('/small', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('Accept-Encoding'); // it could have been compressed
    expect(await small.json()).toEqual({ ok: true });
    const plain = await a.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(big);
    const png = await a.request('/png', { headers: { 'accept-encoding': 'gzip' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
    const nt = await a.request('/no-transform', { headers: { 'accept-encoding': 'gzip' } });
    expect(nt.headers.get('content-encoding')).toBeNull();
    const head = await a.request('/big', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('keeps status, other headers and every Set-Cookie; weakens a strong ETag; extends Vary', async () => {
    const a = app();
    const res = await a.request('/cookie', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const etag = await a.request('/etag', { headers: { 'accept-encoding': 'gzip' } });
    expect(etag.headers.get('etag')).toBe('W/"abc"');
    const vary = await a.request('/vary', { headers: { 'accept-encoding': 'gzip' } });
    expect(vary.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });
});

describe('bodyLimit', () => {
  const limited = () => {
    const a = new Hono();
    a.use('*', bodyLimit({ maxSize: 100, onError: (c) => c.json({ error: { code: 'payload_too_large' } }, 413) }));
    a.all('/echo', async (c) => c.text(c.req.method === 'GET' ? 'no body' : await c.req.text()));
    return a;
  };

  it('passes requests within the limit and refuses larger ones by Content-Length or by counting', async () => {
    const a = limited();
    expect(await (await a.request('/echo')).text()).toBe('no body');
    expect(await (await a.request('/echo', { method: 'POST', body: 'x'.repeat(100) })).text()).toBe('x'.repeat(100));
    // No Content-Length (app.request does not add one): counted while read.
    expect((await a.request('/echo', { method: 'POST', body: 'x'.repeat(101) })).status).toBe(413);
    const declared = await a.request('/echo', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '5000' } });
    expect(declared.status).toBe(413);
    const fine = await a.request('/echo', { method: 'POST', body: 'x'.repeat(10), headers: { 'content-length': '10' } });
    expect(fine.status).toBe(200);
  });
});
