import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './support/db.ts';
import { connectEditor, startCollabServer, waitFor, type CollabServer, type Editor, type TestUser } from './support/collab.ts';

// The load path of a project map (docs/collaboration.md): stored bytes read back exactly
// (snapshot + updates), and a materialised copy found behind the log at load is rebuilt before
// any REST read answers, though that check no longer holds up the first client's sync.

const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] as [number, number] });

describe(`collaboration: loading a stored map on ${TEST_DB}`, () => {
  let s: CollabServer;
  let owner: TestUser;
  const open: Editor[] = [];
  const editorFor = (projectId: string) => {
    const e = connectEditor(s.wsUrl, owner, projectId);
    open.push(e);
    return e;
  };
  const count = async (table: 'collab_features' | 'collab_snapshots', projectId: string) =>
    Number(
      (
        await s.server.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // snapshots every 10 updates, so a reload reads a snapshot and the updates after it
    s = await startCollabServer({ COLLAB_SNAPSHOT_EVERY: '10' });
    owner = await s.user('Owner');
  });
  afterAll(async () => {
    for (const e of open) e.destroy();
    await s?.close();
  });

  it('reloads a snapshot plus later updates into exactly the state the editors had', async () => {
    const project = await s.project(owner);
    const a = editorFor(project);
    await a.synced;
    const layer = a.map.addLayer({ name: 'Stored' });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      // every byte value in a property, so the stored bytes are anything but text
      ids.push(
        a.map.addFeature({
          layerId: layer,
          geometry: pt(1 + i / 100, 42),
          properties: { i, raw: String.fromCharCode(...Array.from({ length: 256 }, (_, k) => (k + i) % 256)) },
        }),
      );
      await a.saved();
    }
    // a snapshot covers updates older than a few seconds: the next update after that starts one
    await new Promise((r) => setTimeout(r, 3_500));
    a.map.setProperties(ids[3]!, { late: true });
    await a.saved();
    await waitFor(
      async () => (await count('collab_snapshots', project)) > 0,
      15_000,
      () => 'a snapshot',
    );
    // and updates after the snapshot
    a.map.setProperties(ids[5]!, { later: 'yes' });
    await a.saved();
    const expected = a.map.features();
    a.destroy();
    // the document unloads with its last connection; the next one loads it from the database
    await waitFor(
      async () => (await count('collab_features', project)) === 25,
      15_000,
      () => 'the materialised copy',
    );
    await new Promise((r) => setTimeout(r, 200));
    const b = editorFor(project);
    await b.synced;
    await waitFor(() => b.map.features().length === 25);
    expect(b.map.features()).toEqual(expected);
    expect(Y.encodeStateVector(b.doc)).toEqual(Y.encodeStateVector(a.doc));
  });

  it('rebuilds a materialised copy that is behind the log when the map loads, before a REST read answers', async () => {
    const project = await s.project(owner);
    const a = editorFor(project);
    await a.synced;
    const layer = a.map.addLayer({ name: 'Copy' });
    for (let i = 0; i < 3; i++) a.map.addFeature({ layerId: layer, geometry: pt(2 + i / 100, 43), properties: { name: `P${i}` } });
    await a.saved();
    a.destroy();
    await waitFor(
      async () => (await count('collab_features', project)) === 3,
      15_000,
      () => 'the materialised copy',
    );
    await new Promise((r) => setTimeout(r, 200));
    // as if the server had stopped before writing the copy: rows gone, mark behind the log
    await s.server.ctx.db.deleteFrom('collab_features').where('project_id', '=', project).execute();
    await s.server.ctx.db.updateTable('collab_documents').set({ materialised_seq: '0' }).where('project_id', '=', project).execute();
    const b = editorFor(project);
    await b.synced;
    const fc = await owner.http.json<{ features: { properties: Record<string, unknown> }[] }>('GET', `/api/projects/${project}/features`);
    expect(fc.status).toBe(200);
    expect(fc.body.features.map((f) => f.properties.name).sort()).toEqual(['P0', 'P1', 'P2']);
    expect(await count('collab_features', project)).toBe(3);
  });
});
