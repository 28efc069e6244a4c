import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { collectMigrations, migrate } from '../src/db/migrate.ts';
import { modules } from '../src/modules.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { TEST_DB, createTestDatabase } from './support/db.ts';
import { runServerToExit, spawnServer } from './support/process.ts';

describe(`foundation on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies every migration once and records it', async () => {
    const rows = await t.db().selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(collectMigrations(modules).map((m) => m.name));
    expect(await migrate(t.ctx.database, collectMigrations(modules))).toEqual([]);
  });

  it('rolls back a failing migration completely', async () => {
    const bad = [{ name: '9999_broken', sql: 'create table half_done (id int); select no_such_function();' }];
    await expect(migrate(t.ctx.database, bad)).rejects.toThrow(/9999_broken failed/);
    const exists = await sql<{ t: string | null }>`select to_regclass('public.half_done')::text as t`.execute(t.db());
    expect(exists.rows[0]?.t).toBeNull();
    const names = await t.db().selectFrom('schema_migrations').select('name').execute();
    expect(names.map((r) => r.name)).not.toContain('9999_broken');
  });

  it('reports health with the database it runs on', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ status: 'ok', database: { kind: TEST_DB, reachable: true } });
    expect(typeof body.version).toBe('string');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.request('/api/does-not-exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No API route for POST /api/does-not-exist' } });
  });

  it('refuses bodies over the limit with 413', async () => {
    const big = 'x'.repeat(t.config.BODY_LIMIT_BYTES + 10);
    const res = await t.app.request('/api/health', { method: 'POST', body: big, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('payload_too_large');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.request('/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    // an API answer gets the minimal policy (the documents' full one: security-headers.db.test.ts)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const spoofed = await t.app.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(spoofed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the running build id without caching', async () => {
    const res = await t.app.request('/builds/latest.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const body = (await res.json()) as any;
    expect(body).toEqual({ id: t.ctx.spa.build.id, timestamp: t.ctx.spa.build.timestamp });
  });
});

describe(`the server process on ${TEST_DB}`, () => {
  it('runs on the configured database, keeps data across restarts and stops cleanly on SIGTERM', async () => {
    const tdb = await createTestDatabase();
    try {
      const s1 = await spawnServer({ ...tdb.env, PORT: '0' });
      const health = (await (await fetch(`${s1.url}/api/health`)).json()) as any;
      expect(health.database).toMatchObject({ kind: TEST_DB, reachable: true });
      // Write through a second handle only after the server is gone for PGlite (one process per dir).
      expect(await s1.stop('SIGTERM')).toBe(0);
      expect(s1.output()).toContain('stopped cleanly');
      const h = await openDatabase(tdb.database);
      await h.db
        .insertInto('app_meta')
        .values({ key: 'restart-check', value: JSON.stringify({ n: 1 }) })
        .execute();
      await h.close();
      const s2 = await spawnServer({ ...tdb.env, PORT: '0' });
      expect((await fetch(`${s2.url}/api/health`)).status).toBe(200);
      expect(await s2.stop('SIGINT')).toBe(0);
      const h2 = await openDatabase(tdb.database);
      const row = await h2.db.selectFrom('app_meta').select('value').where('key', '=', 'restart-check').executeTakeFirst();
      await h2.close();
      expect(row?.value).toEqual({ n: 1 });
    } finally {
      await tdb.drop();
    }
  });

  it.runIf(TEST_DB === 'pglite')('refuses a second server on the same PGlite DATA_DIR while the first keeps working', async () => {
    const tdb = await createTestDatabase();
    try {
      const first = await spawnServer({ ...tdb.env, PORT: '0' });
      const second = await runServerToExit({ ...tdb.env, PORT: '0', LOG_LEVEL: 'silent' });
      expect(second.code).not.toBe(0);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(second.stderr).toMatch(/already in use by another Waymark process/);
      const res = await fetch(`${first.url}/api/health`);
      expect(((await res.json()) as any).database.reachable).toBe(true);
      expect(await first.stop()).toBe(0);
      expect(fs.existsSync(path.join(tdb.dataDir, 'pglite', 'waymark.lock'))).toBe(false);
    } finally {
      await tdb.drop();
    }
  });

  it.runIf(TEST_DB === 'postgres')('says clearly when PostgreSQL is unreachable', async () => {
    const r = await runServerToExit({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0', LOG_LEVEL: 'silent' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Waymark could not start: .*ECONNREFUSED/);
  });
});
