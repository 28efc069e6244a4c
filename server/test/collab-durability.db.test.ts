import { afterAll, describe, expect, it } from 'vitest';
import { connectEditor, HttpClient, waitFor, type Editor } from './support/collab.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/db.ts';
import { MODEL_VERSION } from '@waymark/collab';
import { spawnServer, type ServerProcess } from './support/process.ts';

/**
 * "No acknowledged edit is lost on kill -9": 10 clients (real websockets, @hocuspocus/provider)
 * each add 100 features to one map without waiting for each other or for acknowledgements; the
 * server process is killed with SIGKILL part-way. Every edit the server had acknowledged
 * (SyncStatus, counted by the provider as unsynced changes going down) must be in the map after
 * a restart, read through the REST API (materialised from the log) and through a new websocket.
 */
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const CLIENTS = 10;
const EDITS = 100;

describe(`collaboration: server killed during 1,000 edits on ${TEST_DB}`, () => {
  let db: TestDatabase;
  let server: ServerProcess | null = null;
  const editors: Editor[] = [];
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await server?.stop('SIGKILL');
    await db?.drop();
  });

  it('keeps every acknowledged edit', async () => {
    db = await createTestDatabase({ template: true });
    const env = { ...db.env, PORT: '0', SEED_DEMO: 'true' };
    server = await spawnServer(env, 240_000);
    const owner = new HttpClient(server.url);
    expect((await owner.req('POST', '/api/auth/signin', DEMO)).status).toBe(200);
    const project = await owner.json<{ id: string }>('POST', '/api/projects', { name: 'Durability' });
    expect(project.status).toBe(201);
    const projectId = project.body.id;
    const layer = await owner.json<{ id: string }>('POST', `/api/projects/${projectId}/layers`, { name: 'Edits' });
    expect(layer.status).toBe(201);
    const layerId = layer.body.id;

    // Ten browser sessions of the owner, each with its own websocket.
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/collab?model=${MODEL_VERSION}`;
    const sent = new Array<number>(CLIENTS).fill(0);
    const acked = new Array<number>(CLIENTS).fill(0);
    for (let i = 0; i < CLIENTS; i++) {
      const http = new HttpClient(server.url);
      expect((await http.req('POST', '/api/auth/signin', DEMO)).status).toBe(200);
      const e = connectEditor(wsUrl, { id: 'owner', http }, projectId);
      editors.push(e);
      e.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
        acked[i] = Math.max(acked[i]!, sent[i]! - number);
      });
    }
    await Promise.all(editors.map((e) => e.synced));
    await Promise.all(editors.map((e) => e.saved()));
    await waitFor(() => editors.every((e) => e.map.layer(layerId) !== null));

    // Edits at a steady pace from every client; kill -9 once about half are acknowledged.
    const killAt = (CLIENTS * EDITS) / 2;
    let killed = false;
    const total = () => acked.reduce((a, b) => a + b, 0);
    const writers = editors.map(async (e, i) => {
      for (let k = 0; k < EDITS && !killed; k++) {
        e.map.addFeature({
          layerId,
          id: `c${i}-e${k}`,
          geometry: { type: 'Point', coordinates: [1.4 + i / 100, 42.4 + k / 1000] },
          properties: { client: i, edit: k },
        });
        sent[i] = k + 1;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    });
    // Kill at a moment when some edits are still unacknowledged (with fast acknowledgements, e.g. on
    // PostgreSQL, there are moments when every edit sent so far is acknowledged: not those).
    const sentNow = () => sent.reduce((a, b) => a + b, 0);
    await waitFor(
      () => total() >= killAt && sentNow() > total(),
      120_000,
      () => `acknowledged edits (${total()}) with some in flight`,
    );
    server.child.kill('SIGKILL');
    killed = true;
    const inFlightAtKill = sentNow() - total();
    await server.stop('SIGKILL');
    const acknowledged = [...acked];
    for (const e of editors) e.destroy();
    await Promise.all(writers);
    const sentTotal = sent.reduce((a, b) => a + b, 0);
    expect(total()).toBeGreaterThanOrEqual(killAt);
    expect(inFlightAtKill).toBeGreaterThan(0); // some edits were in flight when the process died

    // Restart on the same database (a new port: no old client can re-send anything).
    server = await spawnServer(env, 240_000);
    const reader = new HttpClient(server.url);
    expect((await reader.req('POST', '/api/auth/signin', DEMO)).status).toBe(200);
    const fc = await reader.json<{ features: { id: string; properties: { client: number; edit: number } }[] }>(
      'GET',
      `/api/projects/${projectId}/features`,
    );
    expect(fc.status).toBe(200);
    const present = new Set(fc.body.features.map((f) => f.id));
    const missing: string[] = [];
    for (let i = 0; i < CLIENTS; i++)
      for (let k = 0; k < acknowledged[i]!; k++) if (!present.has(`c${i}-e${k}`)) missing.push(`c${i}-e${k}`);
    expect(missing).toEqual([]);
    for (const f of fc.body.features) expect(f.id).toBe(`c${f.properties.client}-e${f.properties.edit}`);

    // The same through a new live connection.
    const fresh = connectEditor(
      `${server.url.replace(/^http/, 'ws')}/api/collab?model=${MODEL_VERSION}`,
      { id: 'owner', http: reader },
      projectId,
    );
    editors.push(fresh);
    await fresh.synced;
    const live = new Set(fresh.map.features().map((f) => f.id));
    expect([...present].filter((id) => !live.has(id))).toEqual([]);
    console.log(
      `collab durability (${TEST_DB}): ${sentTotal} edits sent, ${acknowledged.reduce((a, b) => a + b, 0)} acknowledged before SIGKILL, ${present.size} present after restart`,
    );
  }, 600_000);
});
