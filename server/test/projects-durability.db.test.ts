import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/db.ts';
import { spawnServer, type ServerProcess } from './support/process.ts';

/**
 * Killing the server (SIGKILL) in the middle of uploads leaves no orphan: after a restart every
 * listed document downloads with its bytes, every stored file belongs to a document row (or, on a
 * shared PostgreSQL, to a ledger entry the sweep removes once it is old enough), and no
 * half-received file is left in DATA_DIR/uploads-incoming.
 */
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const PDF_HEAD = Buffer.from('%PDF-1.4\n', 'latin1');

class Client {
  cookies = new Map<string, string>();
  token = '';
  constructor(readonly base: string) {}
  cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  headers(extra: Record<string, string> = {}) {
    return { origin: this.base, 'x-csrf-token': this.token, cookie: this.cookie(), ...extra };
  }
  async req(method: string, p: string, body?: unknown) {
    const res = await fetch(this.base + p, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  }
  async signIn() {
    this.token = ((await (await this.req('GET', '/api/_auth/csrf')).json()) as { token: string }).token;
    const r = await this.req('POST', '/api/auth/signin', DEMO);
    if (r.status !== 200) throw new Error(`sign-in failed ${r.status}`);
  }
  /** Start an upload that sends `sent` bytes of a `total`-byte PDF and then stalls (never ends). */
  stalledUpload(projectId: string, name: string, total: number, sent: number): http.ClientRequest {
    const url = new URL(`${this.base}/api/projects/${projectId}/documents?name=${encodeURIComponent(name)}`);
    const req = http.request(url, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/pdf', 'content-length': String(total) }),
    });
    req.on('error', () => undefined);
    req.write(Buffer.concat([PDF_HEAD, Buffer.alloc(sent - PDF_HEAD.length, 0x20)]));
    return req;
  }
  async upload(projectId: string, name: string, size: number): Promise<number> {
    try {
      const res = await fetch(`${this.base}/api/projects/${projectId}/documents?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: this.headers({ 'content-type': 'application/pdf' }),
        body: Buffer.concat([PDF_HEAD, Buffer.alloc(size - PDF_HEAD.length, 0x41)]),
      });
      return res.status;
    } catch {
      return 0; // killed mid-request
    }
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

describe(`projects: server killed mid-upload on ${TEST_DB}`, () => {
  let db: TestDatabase;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.drop();
  });

  it('leaves no orphan row or file, and cleans half-written files at start-up', async () => {
    db = await createTestDatabase({ template: true });
    const env = { ...db.env, PORT: '0', SEED_DEMO: 'true', LOG_LEVEL: 'info', UPLOAD_LIMIT_BYTES: String(4 * 1024 * 1024) };
    server = await spawnServer(env, 180_000);
    let c = new Client(server.url);
    await c.signIn();
    const created = await c.req('POST', '/api/projects', { name: 'Durability' });
    expect(created.status).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    expect(await c.upload(projectId, 'before.pdf', 50_000)).toBe(201);

    // Two uploads stall half-way (their bytes are in uploads-incoming), a burst of others runs.
    const incoming = path.join(db.dataDir, 'uploads-incoming');
    const stalled = [
      c.stalledUpload(projectId, 'stalled-1.pdf', 2_000_000, 700_000),
      c.stalledUpload(projectId, 'stalled-2.pdf', 2_000_000, 300_000),
    ];
    const deadline = Date.now() + 30_000;
    while (filesUnder(incoming).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(filesUnder(incoming).length).toBeGreaterThanOrEqual(2);
    const burst = Array.from({ length: 8 }, (_, i) => c.upload(projectId, `burst-${i}.pdf`, 200_000 + i * 1000));
    await new Promise((r) => setTimeout(r, 150));
    await server.stop('SIGKILL');
    const statuses = await Promise.all(burst);
    for (const s of stalled) s.destroy();
    const acknowledged = statuses.filter((s) => s === 201).length;

    server = await spawnServer(env, 180_000);
    c = new Client(server.url);
    await c.signIn();
    const list = (await (await c.req('GET', `/api/projects/${projectId}/documents`)).json()) as {
      documents: { id: string; name: string; sizeBytes: number }[];
    };
    const names = list.documents.map((d) => d.name);
    expect(names).toContain('before.pdf');
    expect(names.some((n) => n.startsWith('stalled'))).toBe(false);
    // Every acknowledged upload is there; every listed document downloads in full.
    expect(list.documents.length).toBeGreaterThanOrEqual(1 + acknowledged);
    for (const d of list.documents) {
      const dl = await c.req('GET', `/api/projects/${projectId}/documents/${d.id}/download`);
      expect(dl.status, d.name).toBe(200);
      expect((await dl.arrayBuffer()).byteLength, d.name).toBe(d.sizeBytes);
    }
    expect(filesUnder(incoming)).toEqual([]);
    const stored = filesUnder(path.join(db.dataDir, 'uploads'));
    await server.stop('SIGTERM');
    server = null;

    // Compare storage with the database directly.
    let rows: string[];
    let pending: string[];
    if (TEST_DB === 'postgres') {
      const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await client.connect();
      rows = (await client.query<{ storage_key: string }>('select storage_key from project_documents')).rows.map((r) => r.storage_key);
      pending = (await client.query<{ storage_key: string }>('select storage_key from storage_pending')).rows.map((r) => r.storage_key);
      await client.end();
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const lite = await PGlite.create(path.join(db.dataDir, 'pglite'));
      rows = (await lite.query<{ storage_key: string }>('select storage_key from project_documents')).rows.map((r) => r.storage_key);
      pending = (await lite.query<{ storage_key: string }>('select storage_key from storage_pending')).rows.map((r) => r.storage_key);
      await lite.close();
      // The embedded database is this process's alone: the start-up sweep removed every leftover.
      expect(pending).toEqual([]);
    }
    // No row without a file…
    for (const k of rows) expect(stored, k).toContain(k);
    // …and no file without a row (or, on a shared PostgreSQL, a ledger entry the sweep will take:
    // the object or its half-copied `<key>.part`, which the sweep removes with it).
    for (const f of stored) expect(rows.includes(f) || pending.includes(f.replace(/\.part$/, '')), f).toBe(true);
  }, 600_000);
});
