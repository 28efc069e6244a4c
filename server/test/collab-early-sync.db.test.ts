import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extension } from '@hocuspocus/server';
import { ProjectMap } from '@waymark/collab';
import { ServerOrigin } from '../src/collab/hub.ts';
import { collabHub } from '../src/collab/index.ts';
import { TEST_DB } from './support/db.ts';
import { connectEditor, startCollabServer, waitFor, type CollabServer, type Editor, type TestUser } from './support/collab.ts';

// Early sync (docs/collaboration.md, "Loading"): the first clients of a map that is not in memory
// get the stored bytes as soon as they are read, before the server has applied them; whatever
// reaches the document meanwhile follows, and edits sent during the load are neither lost nor
// reordered.

const BIG = 2_000;
const byId = <T extends { id: string }>(fs: T[]) => [...fs].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] as [number, number] });

describe(`collaboration: early sync of a map being loaded on ${TEST_DB}`, () => {
  let s: CollabServer;
  let owner: TestUser;
  let other: TestUser;
  const open: Editor[] = [];
  const editorFor = (user: TestUser, projectId: string) => {
    const e = connectEditor(s.wsUrl, user, projectId);
    open.push(e);
    return e;
  };

  beforeAll(async () => {
    s = await startCollabServer({ COLLAB_SNAPSHOT_EVERY: '10' });
    owner = await s.user('Owner');
    other = await s.user('Other');
  });
  afterAll(async () => {
    for (const e of open) e.destroy();
    await s?.close();
  });

  it('gives fresh clients the stored state at once, then what changed during the load; edits made meanwhile are kept in order', async () => {
    const project = await s.project(owner, [{ user: other, role: 'editor' }]);
    const a = editorFor(owner, project);
    await a.synced;
    const layer = a.map.addLayer({ name: 'Stored' });
    // a map large enough that loading it takes a while, then a few single updates after it
    a.doc.transact(() => {
      for (let i = 0; i < BIG; i++) a.map.addFeature({ layerId: layer, geometry: pt(1 + i / 10_000, 42), properties: { i } });
    });
    await a.saved();
    for (let i = 0; i < 5; i++) {
      a.map.addFeature({ layerId: layer, geometry: pt(1 + i / 100, 41), properties: { late: i } });
      await a.saved();
    }
    const stored = a.map.features();
    a.destroy();
    await new Promise((r) => setTimeout(r, 300)); // the document unloads with its last connection
    const hub = collabHub(s.server.ctx);
    const before = hub.stats.earlyAnswers;
    // A change that reaches the document right after it has loaded and before the waiting
    // clients' connections exist (as an update relayed from another server process does): the
    // clients answered early get it only with the catch-up. A Hocuspocus extension makes it,
    // as the server (persisted like a REST write).
    let duringLoad = '';
    const extension: Extension = {
      extensionName: 'test-change-during-load',
      afterLoadDocument: async ({ document, documentName }) => {
        if (documentName !== project || duringLoad) return;
        const m = new ProjectMap(document, { userId: owner.id, origin: new ServerOrigin(owner.id) });
        duringLoad = m.addFeature({ layerId: layer, geometry: pt(2, 42), properties: { by: 'server' } });
      },
    };
    hub.hocuspocus.configuration.extensions.push(extension);
    const b = editorFor(owner, project);
    const c = editorFor(other, project);
    // b edits as soon as it has the stored state: a new feature changed five times in a row
    let id = '';
    let stateAtSync: ReturnType<typeof b.map.features> = [];
    b.provider.on('synced', () => {
      if (id) return;
      stateAtSync = b.map.features();
      id = b.map.addFeature({ layerId: layer, geometry: pt(3, 43), properties: { by: 'b' } });
      for (let n = 0; n < 5; n++) b.map.setProperties(id, { n });
    });
    await Promise.all([b.synced, c.synced]);
    expect(hub.stats.earlyAnswers - before).toBeGreaterThanOrEqual(1);
    // what b had when it was synced: at least the stored map (the REST write may have come first)
    hub.hocuspocus.configuration.extensions.splice(hub.hocuspocus.configuration.extensions.indexOf(extension), 1);
    // what b had when it was synced: the stored map (the change during the load comes after)
    expect(byId(stateAtSync.filter((f) => f.id !== duringLoad))).toEqual(byId(stored));
    expect(duringLoad).not.toBe('');
    await b.saved();
    const done = () =>
      [b, c].every(
        (e) => e.map.features().some((f) => f.id === id && f.properties.n === 4) && e.map.features().some((f) => f.id === duringLoad),
      );
    await waitFor(done, 10_000, () => "b's edits and the change made during the load at both clients");
    // the same content (concurrently created features may list in another order: local apply order)
    expect(byId(c.map.features())).toEqual(byId(b.map.features()));
    expect(b.map.features()).toHaveLength(BIG + 7);
    expect(Y.encodeStateVector(c.doc)).toEqual(Y.encodeStateVector(b.doc));
    // and all of it is stored: a fresh load after the map unloads gives the same state
    const expected = b.map.features();
    b.destroy();
    c.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const d = editorFor(other, project);
    await d.synced;
    await waitFor(() => d.map.features().length === BIG + 7);
    expect(byId(d.map.features())).toEqual(byId(expected));
  });
});
