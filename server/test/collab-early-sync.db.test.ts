import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extension } from '@hocuspocus/server';
import { ProjectMap } from '@waymark/collab';
import { ServerOrigin } from '../src/collab/hub.ts';
import { collabHub } from '../src/collab/index.ts';
import { TEST_DB } from './support/db.ts';
import { connectEditor, socketClass, startCollabServer, waitFor, type CollabServer, type Editor, type TestUser } from './support/collab.ts';

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
    const destroyedAt = performance.now();
    a.destroy();
    const hub = collabHub(s.server.ctx);
    // the document unloads with its last connection (after flushing its materialised copy)
    await waitFor(
      () => !hub.hocuspocus.documents.has(project),
      10_000,
      () => 'the document unloaded',
    );
    const unloadedAfter = performance.now() - destroyedAt;
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
    expect(hub.stats.earlyAnswers - before, `unloaded ${unloadedAfter.toFixed(0)} ms after the last client left`).toBeGreaterThanOrEqual(1);
    // the server applies the stored state once the clients answered early have decoded it
    await waitFor(
      () => duringLoad !== '',
      10_000,
      () => 'the document loaded',
    );
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
  /**
   * A client speaking the protocol by hand, which decides when it has "decoded" the early answer:
   * it answers the server's QueryAwareness only when told to.
   */
  function rawClient(user: TestUser, name: string) {
    const doc = new Y.Doc();
    const Socket = socketClass({ origin: user.http.origin, cookie: user.http.cookie() });
    const ws = new Socket(s.wsUrl);
    const got: { type: number; sub?: number; features: number; loaded: boolean }[] = [];
    const msg = (write: (e: encoding.Encoder) => void) => {
      const e = encoding.createEncoder();
      encoding.writeVarString(e, name);
      write(e);
      ws.send(encoding.toUint8Array(e));
    };
    const hub = collabHub(s.server.ctx);
    ws.on('open', () => {
      msg((e) => (encoding.writeVarUint(e, 2), encoding.writeVarUint(e, 0), encoding.writeVarString(e, 'session-cookie')));
      msg((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeSyncStep1(e, doc)));
    });
    ws.on('message', (data: Buffer) => {
      const d = decoding.createDecoder(new Uint8Array(data));
      decoding.readVarString(d);
      const type = decoding.readVarUint(d);
      let sub: number | undefined;
      if (type === 0) {
        const reply = encoding.createEncoder();
        sub = syncProtocol.readSyncMessage(d, reply, doc, 'server');
      }
      got.push({
        type,
        sub,
        features: new ProjectMap(doc, { userId: user.id }).features().length,
        loaded: hub.hocuspocus.documents.has(name),
      });
    });
    return {
      doc,
      got,
      map: new ProjectMap(doc, { userId: user.id }),
      /** the awareness reply: "decoded" */
      decoded: () =>
        msg(
          (e) => (encoding.writeVarUint(e, 1), encoding.writeVarUint8Array(e, encodeAwarenessUpdate(new Awareness(doc), [doc.clientID]))),
        ),
      update: (u: Uint8Array) => msg((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeUpdate(e, u))),
      close: () => ws.close(),
    };
  }

  it('applies the stored state only once the clients answered early have decoded it; others are answered early meanwhile; edits sent meanwhile are kept', async () => {
    const project = await s.project(owner, [{ user: other, role: 'editor' }]);
    const a = editorFor(owner, project);
    await a.synced;
    const layer = a.map.addLayer({ name: 'Stored' });
    a.doc.transact(() => {
      for (let i = 0; i < 300; i++) a.map.addFeature({ layerId: layer, geometry: pt(1 + i / 10_000, 42), properties: { i } });
    });
    await a.saved();
    const stored = a.map.features();
    a.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const hub = collabHub(s.server.ctx);
    hub.earlyDecodeMs = 20_000;
    const before = hub.stats.earlyAnswers;
    try {
      const r = rawClient(owner, project);
      // the stored state, then the QueryAwareness; the server has not applied anything yet
      await waitFor(
        () => r.got.some((m) => m.type === 3),
        10_000,
        () => 'the QueryAwareness after the early answer',
      );
      const query = r.got.findIndex((m) => m.type === 3);
      expect(r.got[query - 1]).toMatchObject({ type: 0, sub: 1, features: 300 });
      expect(byId(r.map.features())).toEqual(byId(stored));
      // an edit sent before saying "decoded": queued by the server, applied after the load
      const sent = new Promise<Uint8Array>((res) => r.doc.once('update', (u: Uint8Array) => res(u)));
      const mine = r.map.addFeature({ layerId: layer, geometry: pt(5, 45), properties: { by: 'raw' } });
      r.update(await sent);
      // another client meanwhile is answered early too, while the document still waits
      const c = editorFor(other, project);
      await c.synced;
      expect(hub.stats.earlyAnswers - before).toBe(2);
      await new Promise((res) => setTimeout(res, 300));
      expect(hub.hocuspocus.documents.has(project)).toBe(false);
      expect(r.got.every((m) => !m.loaded)).toBe(true);
      // "decoded": the server applies, then replays the queued messages (the edit is acknowledged: SyncStatus)
      r.decoded();
      await waitFor(
        () => hub.hocuspocus.documents.has(project),
        10_000,
        () => 'the document loaded',
      );
      await waitFor(
        () => r.got.some((m) => m.type === 8),
        10_000,
        () => "the raw client's edit acknowledged",
      );
      await waitFor(
        () => c.map.features().some((f) => f.id === mine),
        10_000,
        () => "the raw client's edit at the other client",
      );
      expect(c.map.features()).toHaveLength(301);
      r.close();
      c.destroy();
      await new Promise((res) => setTimeout(res, 300));
      // a client that never says it decoded holds the load back only EARLY_DECODE_MS
      hub.earlyDecodeMs = 300;
      const q = rawClient(owner, project);
      await waitFor(
        () => hub.hocuspocus.documents.has(project),
        10_000,
        () => 'the document loaded without the reply',
      );
      expect(q.got.some((m) => m.type === 3)).toBe(true);
      await waitFor(
        () => q.map.features().length === 301,
        10_000,
        () => 'the stored state at the silent client',
      );
      q.close();
    } finally {
      hub.earlyDecodeMs = 2_000;
    }
  });
});
