import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpa, mountSpa } from './static.ts';

describe('SPA route preloads (preloads.json)', () => {
  let dir: string;
  let app: Hono;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-spa-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>W</title></head><body></body></html>');
    fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(['/', '/run', '/login']));
    fs.writeFileSync(
      path.join(dir, 'preloads.json'),
      JSON.stringify({
        '/run': ['/assets/run-abc.js', '/assets/map-def.css', '/assets/"><script>x</script>.js', '../etc/passwd', 42],
        '/login': 'not a list',
      }),
    );
    app = new Hono();
    mountSpa(app, loadSpa(dir));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const page = async (p: string) => {
    const res = await app.request(p, { headers: { accept: 'text/html' } });
    return { status: res.status, html: await res.text() };
  };

  it('names the route’s chunks in its index.html head, scripts as modulepreload and CSS as style preload', async () => {
    const { status, html } = await page('/run');
    expect(status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/run-abc.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/map-def.css">');
    // a trailing slash is the same route
    expect((await page('/run/')).html).toContain('/assets/run-abc.js');
  });

  it('drops entries that are not plain build asset paths, and malformed lists', async () => {
    const run = (await page('/run')).html;
    expect(run).not.toContain('<script>x</script>');
    expect(run).not.toContain('passwd');
    expect(run.match(/rel="(?:modulepreload|preload)"/g)).toHaveLength(2);
    expect((await page('/login')).html).not.toContain('preload');
  });

  it('adds nothing to other pages or to the 404 page', async () => {
    expect((await page('/')).html).not.toContain('preload');
    const missing = await page('/nope');
    expect(missing.status).toBe(404);
    expect(missing.html).not.toContain('preload');
  });

  it('works without a preloads.json', async () => {
    fs.rmSync(path.join(dir, 'preloads.json'));
    const bare = new Hono();
    mountSpa(bare, loadSpa(dir));
    const res = await bare.request('/run', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('preload');
  });
});

describe('precompressed build assets', () => {
  let dir: string;
  let app: Hono;
  const js = 'console.log("hello from a hashed chunk");'.repeat(50);
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const f = path.join(dir, 'assets', 'chunk-AbCd1234.js');
    fs.writeFileSync(f, js);
    fs.writeFileSync(`${f}.gz`, zlib.gzipSync(js));
    fs.writeFileSync(`${f}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dir, 'assets', 'plain.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'plain.js.gz'), zlib.gzipSync('not this'));
    app = new Hono();
    mountSpa(app, loadSpa(dir));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const get = (p: string, headers: Record<string, string>) => app.request(p, { headers });

  it('sends the brotli or gzip copy the client accepts, with its own ETag, else the file itself', async () => {
    const br = await get('/assets/chunk-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
    const gz = await get('/assets/chunk-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));
    const none = await get('/assets/chunk-AbCd1234.js', {});
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(js);
    // revalidation matches the variant sent
    expect((await get('/assets/chunk-AbCd1234.js', { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! })).status).toBe(
      304,
    );
    expect((await get('/assets/chunk-AbCd1234.js', { 'accept-encoding': 'br', 'if-none-match': gz.headers.get('etag')! })).status).toBe(
      200,
    );
  });

  it('only for hashed (immutable) assets', async () => {
    const res = await get('/assets/plain.js', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(js);
  });
});
