import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES, MODEL_VERSION, ProjectMap, observeReplacedGeometry } from '@waymark/collab';
import { TEST_DB } from './support/db.ts';
import {
  connectEditor,
  newSession,
  rawClose,
  rawUpgrade,
  startCollabServer,
  waitFor,
  type CollabServer,
  type Editor,
  type TestUser,
} from './support/collab.ts';

const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] as [number, number] });

describe(`collaboration websocket on ${TEST_DB}`, () => {
  let s: CollabServer;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  const open: Editor[] = [];
  const editorFor = (u: TestUser | null, projectId: string, opts: Parameters<typeof connectEditor>[3] = {}) => {
    const e = connectEditor(s.wsUrl, u, projectId, opts);
    open.push(e);
    return e;
  };
  const rows = (projectId: string) =>
    s.server.ctx.db.selectFrom('collab_updates').select(['user_id', 'size']).where('project_id', '=', projectId).execute();

  beforeAll(async () => {
    s = await startCollabServer();
    [owner, editor, viewer, stranger] = await Promise.all([s.user('Owner'), s.user('Editor'), s.user('Viewer'), s.user('Stranger')]);
  });
  afterAll(async () => {
    for (const e of open) e.destroy();
    await s?.close();
  });

  it('refuses an upgrade without a session, from a foreign or missing Origin, and a project without membership', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const origin = s.url;
    expect(await rawUpgrade(s.wsUrl, { origin })).toMatchObject({ opened: false, status: 401 });
    expect(await rawUpgrade(s.wsUrl, { origin: 'https://evil.example', cookie: editor.http.cookie() })).toMatchObject({
      opened: false,
      status: 403,
    });
    expect(await rawUpgrade(s.wsUrl, { cookie: editor.http.cookie() })).toMatchObject({ opened: false, status: 403 });
    expect(await rawUpgrade(s.wsUrl, { origin, cookie: 'waymark_session=forged-token' })).toMatchObject({ opened: false, status: 401 });
    const bad = await rawUpgrade(`${s.url.replace(/^http/, 'ws')}/api/other`, { origin, cookie: editor.http.cookie() });
    expect(bad).toMatchObject({ opened: false, status: 404 });
    expect(await rawUpgrade(s.wsUrl, { origin, cookie: editor.http.cookie() })).toEqual({ opened: true });
    // signed in, but not a member (and a project that does not exist): the document is refused
    const outsider = editorFor(stranger, project);
    await expect(outsider.authenticated).rejects.toThrow(/forbidden/);
    const ghost = editorFor(editor, '6d7d3c4e-9a51-4b7a-8f0e-2b1f5a3c9d10');
    await expect(ghost.authenticated).rejects.toThrow(/forbidden/);
    const notUuid = editorFor(editor, 'not-a-project');
    await expect(notUuid.authenticated).rejects.toThrow(/forbidden/);
    expect(await rows(project)).toEqual([]);
  });

  it('closes a client of an older document model with a reason the editor turns into "reload"', async () => {
    const origin = s.url;
    const base = s.wsUrl.split('?')[0]!;
    const cookie = editor.http.cookie();
    // a page from before model 2 announces nothing; an older number is refused alike
    for (const url of [base, `${base}?model=1`, `${base}?model=x`]) {
      expect(await rawClose(url, { origin, cookie }), url).toEqual({ code: 4426, reason: 'outdated-client' });
    }
    // the current model is served (the server closes it only when it goes away)
    expect(await rawClose(`${base}?model=${MODEL_VERSION}`, { origin, cookie }, 500)).toBeNull();
  });

  it('relays edits between editors, keeps both of two concurrent edits of different properties, and stores them', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const a = editorFor(owner, project);
    const b = editorFor(editor, project);
    await Promise.all([a.synced, b.synced]);
    const layer = a.map.addLayer({ name: 'Course' });
    const f = a.map.addFeature({ layerId: layer, geometry: pt(1.5, 42.5), properties: { name: 'Start' } });
    await waitFor(
      () => b.map.feature(f) !== null,
      5000,
      () => 'the feature at b',
    );
    // both change a different property of the same feature at the same moment
    a.map.setProperties(f, { name: 'Start line' });
    b.map.setProperties(f, { surface: 'gravel' });
    await Promise.all([a.saved(), b.saved()]);
    const expected = { name: 'Start line', surface: 'gravel' };
    // key order follows each document's own insertion order: compare the sets of pairs
    const pairs = (p: Record<string, unknown> | undefined) => JSON.stringify(Object.entries(p ?? {}).sort());
    await waitFor(
      () => pairs(a.map.feature(f)?.properties) === pairs(expected) && pairs(b.map.feature(f)?.properties) === pairs(expected),
      5000,
      () => `both property edits at both ends: ${pairs(a.map.feature(f)?.properties)} / ${pairs(b.map.feature(f)?.properties)}`,
    );
    expect(a.map.feature(f)!.properties).toEqual(expected);
    // durable: every acknowledged change is in the log, attributed to its author
    const authors = new Set((await rows(project)).map((r) => r.user_id));
    expect(authors).toEqual(new Set([owner.id, editor.id]));
    // the REST API reads the materialised copy
    const fc = await owner.http.json<{ features: { id: string; properties: Record<string, unknown> }[] }>(
      'GET',
      `/api/projects/${project}/features`,
    );
    expect(fc.status).toBe(200);
    expect(fc.body.features).toEqual([expect.objectContaining({ id: f, properties: expected })]);
  });

  it('keeps the later of two concurrent geometry edits and the other as a revision', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const a = editorFor(owner, project);
    const b = editorFor(editor, project);
    await Promise.all([a.synced, b.synced]);
    const layer = a.map.addLayer({ name: 'L' });
    const f = a.map.addFeature({ layerId: layer, geometry: pt(1, 1) });
    await waitFor(() => b.map.feature(f) !== null);
    const told: { featureId: string; mine: number; theirs: number }[] = [];
    observeReplacedGeometry(a.doc, (e) =>
      told.push({
        featureId: e.featureId,
        mine: (e.mine.g.coordinates as number[])[0]!,
        theirs: (e.theirs.g.coordinates as number[])[0]!,
      }),
    );
    // both move the point before seeing the other's move; b's clock is later
    const t = Date.now();
    new ProjectMap(a.doc, { userId: owner.id, now: () => t + 1000 }).setGeometry(f, pt(2, 2));
    new ProjectMap(b.doc, { userId: editor.id, now: () => t + 2000 }).setGeometry(f, pt(3, 3));
    await Promise.all([a.saved(), b.saved()]);
    await waitFor(() => a.map.revisions(f).length === 3 && b.map.revisions(f).length === 3);
    expect(a.map.feature(f)!.geometry).toEqual(pt(3, 3));
    expect(b.map.feature(f)!.geometry).toEqual(pt(3, 3));
    expect(a.map.revisions(f).map((r) => r.g)).toEqual([pt(1, 1), pt(2, 2), pt(3, 3)]);
    // the replaced author was told, and restores hers from the history; b sees it
    expect(told).toEqual([{ featureId: f, mine: 2, theirs: 3 }]);
    const mine = a.map.revisions(f).find((r) => r.by === owner.id && (r.g.coordinates as number[])[0] === 2)!;
    a.map.restoreRevision(f, mine);
    await a.saved();
    await waitFor(() => (b.map.feature(f)?.geometry.coordinates as number[] | undefined)?.[0] === 2);
    expect(b.map.revisions(f)).toHaveLength(4);
  });

  it('gives viewers a read-only connection: a forged update changes nothing anywhere', async () => {
    const project = await s.project(owner, [{ user: viewer, role: 'viewer' }]);
    const o = editorFor(owner, project);
    await o.synced;
    const layer = o.map.addLayer({ name: 'L' });
    const f = o.map.addFeature({ layerId: layer, geometry: pt(1, 1), properties: { name: 'Original' } });
    await o.saved();
    const v = editorFor(viewer, project);
    expect(await v.authenticated).toEqual({ readOnly: true });
    await waitFor(() => v.map.feature(f) !== null);
    const before = (await rows(project)).length;
    // the UI would not send this; the provider does
    v.map.setProperties(f, { name: 'Vandalised' });
    v.map.addFeature({ layerId: layer, geometry: pt(9, 9) });
    await new Promise((r) => setTimeout(r, 500));
    expect(v.provider.unsyncedChanges).toBeGreaterThan(0); // never acknowledged
    expect(o.map.feature(f)!.properties).toEqual({ name: 'Original' });
    expect(o.map.features()).toHaveLength(1);
    expect(await rows(project)).toHaveLength(before);
    expect((await s.server.ctx.db.selectFrom('collab_updates').select('user_id').where('user_id', '=', viewer.id).execute()).length).toBe(
      0,
    );
  });

  it('applies role changes, removal, sign-out and project deletion to open connections', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const o = editorFor(owner, project);
    const e = editorFor(editor, project);
    await Promise.all([o.synced, e.synced]);
    const layer = e.map.addLayer({ name: 'L' });
    await e.saved();
    await waitFor(() => o.map.layer(layer) !== null);

    // demoted to viewer while connected: told so, and later writes are refused
    expect((await owner.http.json('PATCH', `/api/projects/${project}/members/${editor.id}`, { role: 'viewer' })).status).toBe(200);
    await waitFor(
      () => e.stateless.some((m) => m.includes('"role":"viewer"')),
      5000,
      () => 'the access notice',
    );
    e.map.addFeature({ layerId: layer, geometry: pt(5, 5) });
    await new Promise((r) => setTimeout(r, 400));
    expect(o.map.features()).toHaveLength(0);
    expect((await rows(project)).filter((r) => r.user_id === editor.id)).toHaveLength(1);

    // promoted back: the client reconnects as a writer and what it kept arrives, then new edits
    expect((await owner.http.json('PATCH', `/api/projects/${project}/members/${editor.id}`, { role: 'editor' })).status).toBe(200);
    expect(await e.reauthenticated(5000)).toEqual({ readOnly: false });
    e.map.addFeature({ layerId: layer, geometry: pt(6, 6) });
    await e.saved();
    await waitFor(
      () => o.map.features().length === 2,
      5000,
      () => 'both points at the owner',
    );

    // removed from the project: the document connection is closed
    expect((await owner.http.json('DELETE', `/api/projects/${project}/members/${editor.id}`)).status).toBe(204);
    await waitFor(
      () => e.closes.some((c) => c.reason === 'access-revoked'),
      5000,
      () => 'the close',
    );

    // signing out closes the socket of that session (a second session of the editor's)
    const second = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const session2 = await newSession(s.url, editor);
    const e2 = editorFor(session2, second);
    await e2.synced;
    const socket = e2.provider.configuration.websocketProvider;
    let closedWith = 0;
    socket.on('close', ({ event }: { event: { code: number } }) => (closedWith = event.code));
    expect((await session2.http.json('POST', '/api/auth/signout', {})).status).toBe(200);
    await waitFor(
      () => closedWith === 4401,
      5000,
      () => 'the 4401 close',
    );

    // deleting the project closes the owner's connection
    expect((await owner.http.json('DELETE', `/api/projects/${project}`)).status).toBe(204);
    await waitFor(
      () => o.closes.some((c) => c.reason === 'project-deleted'),
      5000,
      () => 'project-deleted',
    );
  });

  it('shows REST writes to live editors and live edits to REST readers', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const e = editorFor(editor, project);
    await e.synced;
    const created = await owner.http.json<{ id: string }>('POST', `/api/projects/${project}/layers`, {
      name: 'Water',
      style: { color: '#0000ff' },
    });
    expect(created.status).toBe(201);
    const layer = created.body.id;
    await waitFor(() => e.map.layer(layer)?.name === 'Water');
    const added = await owner.http.json<{ ids: string[] }>('POST', `/api/projects/${project}/features`, {
      layerId: layer,
      features: [{ type: 'Feature', geometry: pt(1.52, 42.51), properties: { name: 'Spring', stroke: '#00ff00' } }],
    });
    expect(added.status).toBe(201);
    const [fid] = added.body.ids;
    await waitFor(() => e.map.feature(fid!) !== null);
    expect(e.map.feature(fid!)).toMatchObject({ properties: { name: 'Spring' }, style: { color: '#00ff00' } });
    // and the other way round
    e.map.setProperties(fid!, { flow: 'strong' });
    await e.saved();
    const fc = await owner.http.json<{ features: { properties: Record<string, unknown> }[] }>(
      'GET',
      `/api/projects/${project}/features?layer=${layer}`,
    );
    expect(fc.body.features[0]!.properties).toEqual({ name: 'Spring', flow: 'strong', stroke: '#00ff00' });
    const patched = await owner.http.json('PATCH', `/api/projects/${project}/features/${fid}`, {
      removeProperties: ['flow'],
      geometry: pt(1.53, 42.52),
    });
    expect(patched.status).toBe(200);
    await waitFor(
      () => e.map.feature(fid!)?.properties.flow === undefined && (e.map.feature(fid!)?.geometry.coordinates as number[])[0] === 1.53,
    );
    expect((await owner.http.json('DELETE', `/api/projects/${project}/features/${fid}`)).status).toBe(204);
    await waitFor(() => e.map.feature(fid!) === null);
  });

  it('closes a socket that sends content outside the map model, storing nothing of it', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const o = editorFor(owner, project);
    const e = editorFor(editor, project);
    await Promise.all([o.synced, e.synced]);
    const before = (await rows(project)).length;
    const socket = e.provider.configuration.websocketProvider;
    let closed: { code: number; reason: string } | null = null;
    socket.on('close', ({ event }: { event: { code: number; reason: string } }) => (closed ??= { code: event.code, reason: event.reason }));
    e.doc.getText('notes').insert(0, 'a text root is not part of the map');
    await waitFor(
      () => closed !== null,
      5000,
      () => 'the close',
    );
    expect(closed).toMatchObject({ code: 4400, reason: expect.stringMatching(/invalid-update/) });
    expect(await rows(project)).toHaveLength(before);
    expect(o.doc.share.has('notes')).toBe(false);
  });

  it.each([
    ['an unknown key', (m: Y.Map<unknown>) => m.set('evil', 'x')],
    ['a nested map under a property key', (m: Y.Map<unknown>) => m.set('p:name', new Y.Map())],
    ['a style value that is an object', (m: Y.Map<unknown>) => m.set('s:color', { not: 'a colour' })],
  ])('refuses a forged update writing %s to a lean feature, storing nothing of it', async (_what, forge) => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const o = editorFor(owner, project);
    await o.synced;
    const layer = o.map.addLayer({ name: 'L' });
    const f = o.map.addFeature({ layerId: layer, geometry: pt(1, 1), properties: { name: 'A' } });
    await o.saved();
    const e = editorFor(editor, project);
    await e.synced;
    await waitFor(() => e.map.feature(f) !== null);
    const before = (await rows(project)).length;
    let closed: { code: number; reason: string } | null = null;
    e.provider.configuration.websocketProvider.on(
      'close',
      ({ event }: { event: { code: number; reason: string } }) => (closed ??= { code: event.code, reason: event.reason }),
    );
    forge(e.map.featuresMap.get(f)!);
    await waitFor(
      () => closed !== null,
      5000,
      () => 'the close',
    );
    expect(closed).toMatchObject({ code: 4400, reason: expect.stringMatching(/invalid-update/) });
    expect(await rows(project)).toHaveLength(before);
    expect([...o.map.featuresMap.get(f)!.keys()].sort()).toEqual(['c', expect.stringMatching(/^g:/), 'p:name']);
    expect(o.map.feature(f)!.properties).toEqual({ name: 'A' });
  });

  it('edits and materialises a feature of the nested (pre-model-2) shape beside lean ones', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const o = editorFor(owner, project);
    await o.synced;
    const layer = o.map.addLayer({ name: 'L' });
    // written as a client before model 2 wrote it (an old document, snapshot or queued offline edit)
    const nested = new ProjectMap(o.doc, { userId: owner.id, featureShape: 'nested' }).addFeature({
      layerId: layer,
      geometry: pt(1, 1),
      properties: { name: 'Old' },
    });
    await o.saved();
    const e = editorFor(editor, project);
    await e.synced;
    await waitFor(() => e.map.feature(nested) !== null);
    const lean = e.map.addFeature({ layerId: layer, geometry: pt(2, 2), properties: { name: 'New' } });
    e.map.setProperties(nested, { name: 'Old, edited', surface: 'gravel' });
    e.map.setStyle(nested, { color: '#00ff00' });
    e.map.setGeometry(nested, pt(1.5, 1.5));
    await e.saved();
    expect(e.map.featuresMap.get(nested)!.get('props')).toBeInstanceOf(Y.Map);
    await waitFor(() => o.map.feature(nested)?.properties.surface === 'gravel' && o.map.feature(lean) !== null);
    const fc = await owner.http.json<{ features: { id: string; geometry: unknown; properties: Record<string, unknown> }[] }>(
      'GET',
      `/api/projects/${project}/features`,
    );
    expect(fc.status).toBe(200);
    const byId = new Map(fc.body.features.map((x) => [x.id, x]));
    expect(byId.get(nested)).toMatchObject({ geometry: pt(1.5, 1.5), properties: { name: 'Old, edited', surface: 'gravel' } });
    expect(byId.get(lean)).toMatchObject({ geometry: pt(2, 2), properties: { name: 'New' } });
  });

  it('stores a well-formed but invalid entry without letting it break readers or the features table', async () => {
    const project = await s.project(owner, [{ user: editor, role: 'editor' }]);
    const e = editorFor(editor, project);
    await e.synced;
    const layer = e.map.addLayer({ name: 'L' });
    const good = e.map.addFeature({ layerId: layer, geometry: pt(1, 1) });
    e.doc.transact(() => {
      const bad = new Y.Map<unknown>();
      bad.set('layer', layer);
      const geom = new Y.Array<unknown>();
      geom.push([{ g: { type: 'Point', coordinates: [999, 'x'] }, by: 'evil', at: 1, c: 1 }]);
      bad.set('geom', geom);
      e.doc.getMap(FEATURES).set('bad', bad as never);
      // a lean entry with a geometry that does not validate
      const badLean = new Y.Map<unknown>();
      badLean.set('c', { layer, by: 'evil', at: 1 });
      badLean.set('g:1:1', { g: { type: 'Point', coordinates: ['x', 1] }, by: 'evil', at: 1, c: 1 });
      badLean.set('p:name', 'never shown');
      e.doc.getMap(FEATURES).set('bad-lean', badLean as never);
    });
    await e.saved();
    const fc = await owner.http.json<{ features: { id: string }[] }>('GET', `/api/projects/${project}/features`);
    expect(fc.status).toBe(200);
    expect(fc.body.features.map((f) => f.id)).toEqual([good]);
    const other = editorFor(owner, project);
    await other.synced;
    expect(other.map.features().map((f) => f.id)).toEqual([good]);
  });
});
