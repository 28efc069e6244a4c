import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addLayerWithFeatures, readGeoJson, toFeatureCollection } from './geojson.ts';
import { FEATURES, MapEditError, ProjectMap, compact, observeReplacedGeometry } from './model.ts';
import { LIMITS } from './schema.ts';

const pt = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });
const line = {
  type: 'LineString',
  coordinates: [
    [1.5, 42.5],
    [1.52, 42.51],
  ],
};

/** Two replicas that exchange updates only when `sync()` is called (a network we control). */
type Shape = 'lean' | 'nested';
const SHAPES: Shape[] = ['lean', 'nested'];

function pair(featureShape: Shape = 'lean') {
  const a = new Y.Doc();
  const b = new Y.Doc();
  const sync = () => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), 'remote');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)), 'remote');
  };
  let t = 1_000;
  const clock = () => t;
  const tick = (ms = 1) => (t += ms);
  return {
    a,
    b,
    sync,
    tick,
    ma: new ProjectMap(a, { userId: 'alice', now: clock, featureShape }),
    mb: new ProjectMap(b, { userId: 'bob', now: clock, featureShape }),
  };
}

describe.each(SHAPES)('ProjectMap, features created %s', (featureShape) => {
  it('adds layers and features, lists them in order, and reads them back', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u1', featureShape });
    const l1 = m.addLayer({ name: 'Course' });
    const l2 = m.addLayer({ name: 'Aid stations', style: { color: '#ff0000' } });
    expect(m.layers().map((l) => l.name)).toEqual(['Course', 'Aid stations']);
    expect(m.layer(l2)!.style.color).toBe('#ff0000');
    const f = m.addFeature({ layerId: l1, geometry: line, properties: { name: 'Leg 1' } });
    expect(m.feature(f)).toMatchObject({ layerId: l1, geometry: line, properties: { name: 'Leg 1' }, createdBy: 'u1' });
    expect(m.features({ layerId: l2 })).toEqual([]);
    m.moveLayer(l2, 0);
    expect(m.layers().map((l) => l.name)).toEqual(['Aid stations', 'Course']);
  });

  it('refuses invalid input with a clear error and writes nothing', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u1', featureShape });
    const l = m.addLayer({ name: 'L' });
    const before = Y.encodeStateAsUpdate(doc);
    expect(() => m.addFeature({ layerId: l, geometry: { type: 'Point', coordinates: [200, 0] } })).toThrow(MapEditError);
    expect(() =>
      m.addFeature({
        layerId: l,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0.5],
            ],
          ],
        },
      }),
    ).toThrow(/end where it starts/);
    expect(() => m.addFeature({ layerId: 'nope', geometry: pt(1, 1) })).toThrow(/No layer/);
    expect(() => m.addLayer({ name: '   ' })).toThrow(/layer name/);
    expect(() =>
      m.addFeature({ layerId: l, geometry: pt(1, 1), properties: { x: 'y'.repeat(LIMITS.maxPropertyValueLength + 1) } }),
    ).toThrow(/at most/);
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it('refuses edits in a locked layer', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u1', featureShape });
    const l = m.addLayer({ name: 'L' });
    const f = m.addFeature({ layerId: l, geometry: pt(1, 1) });
    m.updateLayer(l, { locked: true });
    expect(() => m.setGeometry(f, pt(2, 2))).toThrow(/locked/);
    expect(() => m.addFeature({ layerId: l, geometry: pt(1, 1) })).toThrow(/locked/);
    expect(() => m.deleteFeature(f)).toThrow(/locked/);
  });

  it('merges concurrent edits of different properties of one feature', () => {
    const { ma, mb, sync } = pair(featureShape);
    const l = ma.addLayer({ name: 'L' });
    const f = ma.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'Water' } });
    sync();
    ma.setProperties(f, { name: 'Spring' });
    mb.setProperties(f, { flow: 'good' });
    mb.setStyle(f, { color: '#00ff00' });
    sync();
    for (const m of [ma, mb]) {
      expect(m.feature(f)!.properties).toEqual({ name: 'Spring', flow: 'good' });
      expect(m.feature(f)!.style).toEqual({ color: '#00ff00' });
    }
  });

  it('keeps the later of two concurrent geometry edits and the other as a revision, and tells the replaced author', () => {
    const { ma, mb, a, sync, tick } = pair(featureShape);
    const l = ma.addLayer({ name: 'L' });
    const f = ma.addFeature({ layerId: l, geometry: pt(1, 1) });
    sync();
    tick();
    ma.setGeometry(f, pt(2, 2)); // alice edits first…
    tick();
    mb.setGeometry(f, pt(3, 3)); // …bob later, offline from alice
    const replaced: string[] = [];
    observeReplacedGeometry(a, (e) => replaced.push(`${e.featureId}:${e.mine.by}->${e.theirs.by}`));
    sync();
    expect(ma.feature(f)!.geometry).toEqual(pt(3, 3));
    expect(mb.feature(f)!.geometry).toEqual(pt(3, 3));
    expect(ma.revisions(f).map((r) => r.g)).toEqual([pt(1, 1), pt(2, 2), pt(3, 3)]);
    expect(replaced).toEqual([`${f}:alice->bob`]);
    // alice restores her version from the history
    const mine = ma.revisions(f).find((r) => r.by === 'alice' && r.g.type === 'Point' && r.g.coordinates[0] === 2)!;
    ma.restoreRevision(f, mine);
    sync();
    expect(mb.feature(f)!.geometry).toEqual(pt(2, 2));
  });

  it('deletes as a tombstone, restores, and converges with a concurrent edit', () => {
    const { ma, mb, sync } = pair(featureShape);
    const l = ma.addLayer({ name: 'L' });
    const f = ma.addFeature({ layerId: l, geometry: pt(1, 1) });
    sync();
    ma.deleteFeature(f);
    mb.setProperties(f, { note: 'edited while deleted elsewhere' });
    sync();
    expect(ma.feature(f)).toBeNull();
    expect(mb.feature(f)).toBeNull();
    ma.restoreFeature(f);
    sync();
    expect(mb.feature(f)!.properties).toEqual({ note: 'edited while deleted elsewhere' });
  });

  it('deleting a layer hides its features; restoring brings back those deleted with it only', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u', featureShape });
    const l = m.addLayer({ name: 'L' });
    const f1 = m.addFeature({ layerId: l, geometry: pt(1, 1) });
    const f2 = m.addFeature({ layerId: l, geometry: pt(2, 2) });
    m.deleteFeature(f2);
    m.deleteLayer(l);
    expect(m.layers()).toEqual([]);
    expect(m.features()).toEqual([]);
    m.restoreLayer(l);
    expect(m.features().map((f) => f.id)).toEqual([f1]);
  });

  it('converges on one layer order after concurrent moves', () => {
    const { ma, mb, sync } = pair(featureShape);
    const ids = ['A', 'B', 'C', 'D'].map((name) => ma.addLayer({ name }));
    sync();
    ma.moveLayer(ids[3]!, 0);
    mb.moveLayer(ids[2]!, 0);
    sync();
    expect(ma.layers().map((l) => l.name)).toEqual(mb.layers().map((l) => l.name));
    expect(new Set(ma.layers().map((l) => l.name))).toEqual(new Set(['A', 'B', 'C', 'D']));
  });

  it('skips entries a broken or hostile client wrote instead of throwing', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u', featureShape });
    const l = m.addLayer({ name: 'L' });
    const good = m.addFeature({ layerId: l, geometry: pt(1, 1) });
    const features = doc.getMap(FEATURES);
    features.set('garbage', 'not a map' as never);
    const bad = new Y.Map<unknown>();
    bad.set('layer', l);
    const geom = new Y.Array<unknown>();
    geom.push([{ g: { type: 'Point', coordinates: ['x', 1] }, by: 'evil', at: 1, c: 1 }]);
    bad.set('geom', geom);
    features.set('bad', bad as never);
    doc.getMap('layers').set('badlayer', 42 as never);
    expect(m.features().map((f) => f.id)).toEqual([good]);
    expect(m.layers().map((x) => x.id)).toEqual([l]);
    expect(toFeatureCollection(m).features).toHaveLength(1);
  });

  it('compacts old tombstones and trims revisions, keeping the current geometry', () => {
    let t = 0;
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u', now: () => t, featureShape });
    const l = m.addLayer({ name: 'L' });
    const f = m.addFeature({ layerId: l, geometry: pt(0, 0) });
    for (let i = 1; i <= 30; i++) {
      t += 10;
      m.setGeometry(f, pt(i / 100, 0));
    }
    const gone = m.addFeature({ layerId: l, geometry: pt(5, 5) });
    m.deleteFeature(gone);
    t += 1_000_000;
    const r = compact(doc, { now: t, tombstoneAgeMs: 1000, keep: 5 });
    expect(r).toEqual({ removedFeatures: 1, removedLayers: 0, trimmedRevisions: 26 });
    expect(m.revisions(f)).toHaveLength(5);
    expect(m.feature(f)!.geometry).toEqual(pt(0.3, 0));
    expect(() => m.restoreFeature(gone)).toThrow(/No deleted feature/);
  });
});

describe.each(SHAPES)('GeoJSON in and out, features created %s', (featureShape) => {
  it('round-trips features, properties and simplestyle overrides through a new layer', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u', featureShape });
    const input = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: line, properties: { name: 'Descent', stroke: '#ff00aa', 'stroke-width': 5, tags: ['steep'] } },
        { type: 'Feature', geometry: pt(1.6, 42.55), properties: null },
        { type: 'Feature', geometry: null, properties: { skipped: true } },
      ],
    };
    const { layerId, count } = addLayerWithFeatures(m, { name: 'race.geojson', features: readGeoJson(input) });
    expect(count).toBe(2);
    const fc = toFeatureCollection(m, { layerId });
    expect(fc.features.map((f) => f.properties)).toEqual([{ name: 'Descent', stroke: '#ff00aa', 'stroke-width': 5, tags: ['steep'] }, {}]);
    expect(m.features({ layerId })[0]!.style).toEqual({ color: '#ff00aa', strokeWidth: 5 });
    // and back in again
    const again = addLayerWithFeatures(m, { name: 'copy', features: readGeoJson(JSON.parse(JSON.stringify(fc))) });
    expect(toFeatureCollection(m, { layerId: again.layerId }).features.map((f) => [f.geometry, f.properties])).toEqual(
      fc.features.map((f) => [f.geometry, f.properties]),
    );
  });

  it('rejects a malformed file as a whole: nothing is added', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u', featureShape });
    expect(() => readGeoJson({ type: 'Topology' })).toThrow(/Not GeoJSON/);
    expect(() =>
      readGeoJson({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: pt(1, 1) },
          { type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 0]] } },
        ],
      }),
    ).toThrow(/Feature 2/);
    expect(() => addLayerWithFeatures(m, { name: 'x', features: [{ geometry: pt(1, 1) }, { geometry: pt(999, 1) }] })).toThrow(/Feature 2/);
    expect(m.layers()).toEqual([]);
  });
});

describe('feature shapes', () => {
  it('creates lean features: one map of plain values, properties and style as prefixed keys', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u', now: () => 5 });
    const l = m.addLayer({ name: 'L' });
    const f = m.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'A', n: 2 }, style: { color: '#ff0000' } });
    const fm = m.featuresMap.get(f)!;
    expect([...fm.values()].some((v) => v instanceof Y.AbstractType)).toBe(false);
    expect([...fm.keys()].sort()).toEqual(['c', `g:${doc.clientID}:5`, 'p:n', 'p:name', 's:color']);
    expect(fm.get('c')).toEqual({ layer: l, by: 'u', at: 5 });
  });

  it('keeps a nested (pre-model-2) feature in its shape beside lean ones: edits, reads, GeoJSON', () => {
    const { a, b, sync, tick } = pair('nested');
    const old = new ProjectMap(a, { userId: 'old', featureShape: 'nested', now: () => 1 });
    const l = old.addLayer({ name: 'L' });
    const l2 = old.addLayer({ name: 'L2' });
    const n = old.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'old' } });
    sync();
    const mb = new ProjectMap(b, { userId: 'bob', now: () => tick() });
    const lean = mb.addFeature({ layerId: l, geometry: pt(2, 2), properties: { name: 'new' } });
    mb.setProperties(n, { name: 'old, edited', extra: 1 });
    mb.setStyle(n, { color: '#0000ff' });
    mb.setGeometry(n, pt(1.5, 1.5));
    mb.moveToLayer(n, l2);
    mb.moveToLayer(lean, l2);
    sync();
    const fm = mb.featuresMap.get(n)!;
    expect(fm.get('props')).toBeInstanceOf(Y.Map);
    expect([...fm.keys()].some((k) => k.includes(':'))).toBe(false);
    for (const m of [new ProjectMap(a, { userId: 'x' }), mb]) {
      expect(m.feature(n)).toMatchObject({
        layerId: l2,
        geometry: pt(1.5, 1.5),
        properties: { name: 'old, edited', extra: 1 },
        style: { color: '#0000ff' },
        createdBy: 'old',
      });
      expect(m.feature(lean)).toMatchObject({ layerId: l2, geometry: pt(2, 2), properties: { name: 'new' }, createdBy: 'bob' });
      expect(m.revisions(n).map((r) => r.g)).toEqual([pt(1, 1), pt(1.5, 1.5)]);
      expect(
        toFeatureCollection(m)
          .features.map((x) => x.properties?.name)
          .sort(),
      ).toEqual(['new', 'old, edited']);
    }
  });

  it('skips lean entries a broken or hostile client wrote', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u' });
    const l = m.addLayer({ name: 'L' });
    const good = m.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'ok' } });
    const features = doc.getMap(FEATURES);
    const noMeta = new Y.Map<unknown>();
    noMeta.set('g:1:1', { g: pt(1, 1), by: 'x', at: 1, c: 1 });
    features.set('no-meta', noMeta as never);
    const badGeom = new Y.Map<unknown>();
    badGeom.set('c', { layer: l, by: 'x', at: 1 });
    badGeom.set('g:1:1', { g: { type: 'Point', coordinates: ['x', 1] }, by: 'x', at: 1, c: 1 });
    features.set('bad-geom', badGeom as never);
    // a nested type under a property key and a bad style value are skipped, the feature still reads
    const fm = m.featuresMap.get(good)!;
    fm.set('p:nested', new Y.Map());
    fm.set('s:color', 42);
    expect(m.features().map((f) => f.id)).toEqual([good]);
    expect(m.feature(good)).toMatchObject({ properties: { name: 'ok' }, style: {} });
  });
});
