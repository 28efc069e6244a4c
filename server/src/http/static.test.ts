import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
