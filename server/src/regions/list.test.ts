// GET /api/regions and /api/regions/:name answer from a body built once per set of packs: a pack
// added, rebuilt or removed on disk shows in the next answer once the store looks again (≤ 1 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext, AppEnv } from '../context.ts';
import { createRegionsModule } from './index.ts';
import { RegionStore } from './store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function writePack(root: string, name: string, title: string, inputHash: string, mtime: Date) {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  const meta = {
    name,
    title,
    bbox: [1, 42, 2, 43],
    center: [1.5, 42.5],
    defaultZoom: 12,
    minZoom: 8,
    maxZoom: 14,
    terrainMaxZoom: 12,
    terrainEncoding: 'terrarium',
    attribution: '© OpenStreetMap contributors',
    builtAt: '2026-11-25T00:00:00.000Z',
    files: {},
    inputHash,
  };
  const file = path.join(dir, 'meta.json');
  fs.writeFileSync(file, JSON.stringify(meta));
  fs.utimesSync(file, mtime, mtime);
}

function app(root: string) {
  const m = createRegionsModule({ dir: root, assetsDir: root });
  const a = new Hono<AppEnv>();
  const ctx = {} as AppContext; // the module reads nothing from it when given its directory
  void m.init?.(ctx);
  m.register!(a, ctx);
  return a;
}

const list = async (a: Hono<AppEnv>, headers: Record<string, string> = {}) => {
  const res = await a.request('/api/regions', { headers });
  return { res, body: res.status === 200 ? ((await res.json()) as { regions: { name: string; title: string; version: string }[] }) : null };
};

describe('the region list', () => {
  it('is the same body (and ETag) while the packs are, and a new one as soon as a pack is rebuilt, added or removed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-regions-'));
    dirs.push(root);
    writePack(root, 'alpha', 'Alpha', 'a'.repeat(64), new Date(2026, 0, 1));
    const a = app(root);

    const first = await list(a);
    expect(first.body!.regions.map((r) => [r.name, r.title, r.version])).toEqual([['alpha', 'Alpha', 'a'.repeat(16)]]);
    const etag = first.res.headers.get('etag')!;
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    expect((await list(a)).res.headers.get('etag')).toBe(etag);
    expect((await list(a, { 'if-none-match': etag })).res.status).toBe(304);
    const one = await a.request('/api/regions/alpha');
    expect(((await one.json()) as { title: string }).title).toBe('Alpha');
    const oneEtag = one.headers.get('etag')!;

    // rebuilt (meta.json replaced) and a second pack added
    writePack(root, 'alpha', 'Alpha rebuilt', 'b'.repeat(64), new Date(2026, 0, 2));
    writePack(root, 'beta', 'Beta', 'c'.repeat(64), new Date(2026, 0, 2));
    await new Promise((r) => setTimeout(r, 1100)); // the store looks at the disk again after 1 s
    const second = await list(a, { 'if-none-match': etag });
    expect(second.res.status).toBe(200);
    expect(second.body!.regions.map((r) => [r.name, r.title, r.version])).toEqual([
      ['alpha', 'Alpha rebuilt', 'b'.repeat(16)],
      ['beta', 'Beta', 'c'.repeat(16)],
    ]);
    expect(second.res.headers.get('etag')).not.toBe(etag);
    const oneAgain = await a.request('/api/regions/alpha', { headers: { 'if-none-match': oneEtag } });
    expect(oneAgain.status).toBe(200);
    expect(((await oneAgain.json()) as { title: string }).title).toBe('Alpha rebuilt');

    // removed
    fs.rmSync(path.join(root, 'alpha'), { recursive: true });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await list(a)).body!.regions.map((r) => r.name)).toEqual(['beta']);
  });
});

describe('RegionStore.list', () => {
  it('is the same array while the listing and every region are recent, a new one once either is looked at again', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-regions-'));
    dirs.push(root);
    writePack(root, 'alpha', 'Alpha', 'a'.repeat(64), new Date(2026, 0, 1));
    const store = new RegionStore(root, 50);
    const first = store.list();
    expect(store.list()).toBe(first);
    writePack(root, 'alpha', 'Alpha rebuilt', 'b'.repeat(64), new Date(2026, 0, 2));
    await new Promise((r) => setTimeout(r, 60));
    const second = store.list();
    expect(second).not.toBe(first);
    expect(second.map((r) => r.meta.title)).toEqual(['Alpha rebuilt']);
    // a listed name without a complete pack is looked for on every call
    fs.mkdirSync(path.join(root, 'beta'));
    await new Promise((r) => setTimeout(r, 60));
    const third = store.list();
    expect(third.map((r) => r.meta.name)).toEqual(['alpha']);
    expect(store.list()).not.toBe(third);
    writePack(root, 'beta', 'Beta', 'c'.repeat(64), new Date(2026, 0, 2));
    expect(store.list().map((r) => r.meta.name)).toEqual(['alpha', 'beta']);
  });
});
