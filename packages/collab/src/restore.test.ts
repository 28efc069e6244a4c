import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ProjectMap, compact, restoreFrom } from './model.ts';

const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] as [number, number] });

/** A map, plus a way to rebuild it as it was after the first `n` of its updates (what the server does from its log). */
function recorded(featureShape: 'lean' | 'nested') {
  const doc = new Y.Doc();
  const log: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array) => log.push(u));
  let t = 1_000;
  const map = new ProjectMap(doc, { userId: 'alice', now: () => (t += 10), featureShape });
  const at = (n: number) => {
    const d = new Y.Doc();
    for (const u of log.slice(0, n)) Y.applyUpdate(d, u);
    return new ProjectMap(d, { userId: 'reader' });
  };
  return { doc, map, log, at };
}

describe.each(['lean', 'nested'] as const)('restoreFrom, features created %s', (featureShape) => {
  it('brings the whole map back: values, geometry as a new revision, deleted and added features', () => {
    const { map, log, at } = recorded(featureShape);
    const l = map.addLayer({ name: 'Course' });
    const a = map.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'A', keep: 1 } });
    const b = map.addFeature({ layerId: l, geometry: pt(2, 2), properties: { name: 'B' } });
    const version = log.length;
    map.setGeometry(a, pt(1.5, 1.5));
    map.setProperties(a, { name: 'A2', extra: true, keep: undefined });
    map.deleteFeature(b);
    const c = map.addFeature({ layerId: l, geometry: pt(3, 3) });
    map.updateLayer(l, { name: 'Renamed', locked: true });

    const r = restoreFrom(map, at(version));
    expect(r).toEqual({ features: 3, layers: 1 });
    expect(map.feature(a)).toMatchObject({ geometry: pt(1, 1), properties: { name: 'A', keep: 1 } });
    expect(map.feature(b)).toMatchObject({ geometry: pt(2, 2), properties: { name: 'B' } });
    expect(map.feature(c)).toBeNull();
    expect(map.layer(l)).toMatchObject({ name: 'Course', locked: false });
    // the replaced geometry stays in the history, the restore is a new revision by the restorer
    expect(map.revisions(a).map((x) => x.g)).toEqual([pt(1, 1), pt(1.5, 1.5), pt(1, 1)]);
    // restoring again changes nothing
    expect(restoreFrom(map, at(version))).toEqual({ features: 0, layers: 0 });
  });

  it("restores one feature only, reviving its layer but not the layer's other features", () => {
    const { map, log, at } = recorded(featureShape);
    const l = map.addLayer({ name: 'L' });
    const a = map.addFeature({ layerId: l, geometry: pt(1, 1), properties: { n: 1 } });
    const b = map.addFeature({ layerId: l, geometry: pt(2, 2) });
    const version = log.length;
    map.setProperties(a, { n: 2 });
    map.setProperties(b, { n: 3 });
    map.deleteLayer(l);
    const r = restoreFrom(map, at(version), { featureId: a });
    expect(r).toEqual({ features: 1, layers: 1 });
    expect(map.features().map((f) => [f.id, f.properties])).toEqual([[a, { n: 1 }]]);
    expect(map.feature(b)).toBeNull();
  });

  it('recreates features and layers that compaction removed, with their ids', () => {
    const { map, doc, log, at } = recorded(featureShape);
    const l = map.addLayer({ name: 'L' });
    const a = map.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'gone' } });
    const version = log.length;
    map.deleteLayer(l);
    compact(doc, { now: 10 ** 12, tombstoneAgeMs: 0 });
    expect(map.layersMap.has(l)).toBe(false);
    expect(map.featuresMap.has(a)).toBe(false);
    restoreFrom(map, at(version));
    expect(map.layer(l)!.name).toBe('L');
    expect(map.feature(a)).toMatchObject({ layerId: l, geometry: pt(1, 1), properties: { name: 'gone' } });
  });

  it('merges with a concurrent edit made on another replica', () => {
    const { map, doc, log, at } = recorded(featureShape);
    const l = map.addLayer({ name: 'L' });
    const a = map.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'A' } });
    const version = log.length;
    map.setProperties(a, { name: 'changed' });
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const bob = new ProjectMap(other, { userId: 'bob' });
    bob.setProperties(a, { note: 'added by bob meanwhile' });
    restoreFrom(map, at(version));
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc, Y.encodeStateVector(other)));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)));
    // the restore wrote name back; bob's concurrent key was unknown to it and survives
    expect(map.feature(a)!.properties).toEqual({ name: 'A', note: 'added by bob meanwhile' });
    expect(bob.feature(a)!.properties).toEqual(map.feature(a)!.properties);
  });
});
