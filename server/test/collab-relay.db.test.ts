import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import '../src/projects/db.ts';
import { connectEditor, insertProject, signInUser, waitFor, type Editor } from './support/collab.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/db.ts';
import { MODEL_VERSION } from '@waymark/collab';
import { spawnServer, type ServerProcess } from './support/process.ts';

const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] as [number, number] });

/**
 * Two server processes on one PostgreSQL (as behind a load balancer): an edit made through one
 * reaches editors connected to the other (LISTEN/NOTIFY carries the update's seq, the other
 * process reads it from the log), both ways, for websocket and REST writes, and an access change
 * made through one process reaches connections on the other. PGlite is single-process (a second
 * server on the same DATA_DIR refuses to start), so this runs on PostgreSQL only.
 */
describe.skipIf(TEST_DB !== 'postgres')('collaboration across two server processes on PostgreSQL', () => {
  let db: TestDatabase;
  let a: ServerProcess | null = null;
  let b: ServerProcess | null = null;
  let kysely: Kysely<Database> | null = null;
  const editors: Editor[] = [];
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await Promise.all([a?.stop(), b?.stop()]);
    await kysely?.destroy();
    await db?.drop();
  });

  it('relays edits both ways and applies access changes made on the other process', async () => {
    db = await createTestDatabase();
    const env = { ...db.env, PORT: '0', SEED_DEMO: 'false' };
    a = await spawnServer(env, 240_000);
    b = await spawnServer(env, 240_000);
    if (db.database.kind !== 'postgres') throw new Error('unreachable');
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: db.database.url, max: 2 }) }) });
    const alice = await signInUser(a.url, kysely, 'Alice');
    const bob = await signInUser(b.url, kysely, 'Bob');
    const project = await insertProject(kysely, alice, [{ user: bob, role: 'editor' }]);
    const ws = (s: ServerProcess) => `${s.url.replace(/^http/, 'ws')}/api/collab?model=${MODEL_VERSION}`;

    const onA = connectEditor(ws(a), alice, project);
    const onB = connectEditor(ws(b), bob, project);
    editors.push(onA, onB);
    await Promise.all([onA.synced, onB.synced]);

    // A → B
    const layer = onA.map.addLayer({ name: 'Shared' });
    const f1 = onA.map.addFeature({ layerId: layer, geometry: pt(1.5, 42.5), properties: { name: 'from A' } });
    await waitFor(
      () => onB.map.feature(f1) !== null,
      10_000,
      () => 'A’s feature on B',
    );
    // B → A
    const f2 = onB.map.addFeature({ layerId: layer, geometry: pt(1.6, 42.6), properties: { name: 'from B' } });
    await waitFor(
      () => onA.map.feature(f2) !== null,
      10_000,
      () => 'B’s feature on A',
    );
    // concurrent edits of different properties of one feature, one on each process
    onA.map.setProperties(f1, { colour: 'red' });
    onB.map.setProperties(f1, { size: 'large' });
    await Promise.all([onA.saved(), onB.saved()]);
    const expected = { name: 'from A', colour: 'red', size: 'large' };
    // key order follows each document's own insertion order: compare the sets of pairs
    const same = (p: Record<string, unknown> | undefined) =>
      !!p && JSON.stringify(Object.entries(p).sort()) === JSON.stringify(Object.entries(expected).sort());
    await waitFor(() => same(onA.map.feature(f1)?.properties) && same(onB.map.feature(f1)?.properties));

    // a REST write on B reaches the editor on A
    const rest = await bob.http.json<{ ids: string[] }>('POST', `/api/projects/${project}/features`, {
      layerId: layer,
      features: [{ type: 'Feature', geometry: pt(1.7, 42.7), properties: { name: 'via REST on B' } }],
    });
    expect(rest.status).toBe(201);
    await waitFor(
      () => onA.map.feature(rest.body.ids[0]!) !== null,
      10_000,
      () => 'the REST feature on A',
    );

    // both processes' REST reads agree
    const readA = await alice.http.json<{ features: { id: string }[] }>('GET', `/api/projects/${project}/features`);
    const readB = await bob.http.json<{ features: { id: string }[] }>('GET', `/api/projects/${project}/features`);
    await waitFor(async () => {
      const x = await alice.http.json<{ features: { id: string }[] }>('GET', `/api/projects/${project}/features`);
      return x.body.features.length === 3;
    });
    expect(readA.status).toBe(200);
    expect(readB.body.features.map((f) => f.id).sort()).toEqual([f1, f2, rest.body.ids[0]!].sort());

    // demoting Bob through process A makes his connection on process B read-only at once
    expect((await alice.http.json('PATCH', `/api/projects/${project}/members/${bob.id}`, { role: 'viewer' })).status).toBe(200);
    await waitFor(
      () => onB.stateless.some((m) => m.includes('"readOnly":true')),
      10_000,
      () => 'the access notice on B',
    );
    onB.map.addFeature({ layerId: layer, geometry: pt(1.8, 42.8) });
    await new Promise((r) => setTimeout(r, 500));
    expect(onA.map.features()).toHaveLength(3);
  }, 600_000);
});
