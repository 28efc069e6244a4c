import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkUpdate, DEFAULT_UPDATE_LIMITS } from './guard.ts';
import { FEATURES, ProjectMap, compact, restoreFrom } from './model.ts';

const pt = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });

/** A document with one layer and one feature in `shape`, and the update of `fn` on a replica of it, checked against it. */
function editOf(shape: 'lean' | 'nested', fn: (m: ProjectMap, f: string, doc: Y.Doc) => void) {
  const base = new Y.Doc();
  const m = new ProjectMap(base, { userId: 'u', featureShape: shape });
  const l = m.addLayer({ name: 'L' });
  const f = m.addFeature({ layerId: l, geometry: pt(1, 1), properties: { name: 'a' }, style: { color: '#ff0000' } });
  const u = updateOf((doc) => fn(new ProjectMap(doc, { userId: 'v', featureShape: shape }), f, doc), base);
  return { base, u, f, l };
}

/** The update one transaction on a fresh replica of `base` produces. */
function updateOf(fn: (doc: Y.Doc) => void, base?: Y.Doc): Uint8Array {
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
  let out: Uint8Array | null = null;
  doc.on('update', (u: Uint8Array) => (out = u));
  doc.transact(() => fn(doc));
  if (!out) throw new Error('no update');
  return out;
}

describe('checkUpdate', () => {
  it('accepts what the model writes', () => {
    const u = updateOf((doc) => {
      const m = new ProjectMap(doc, { userId: 'u' });
      const l = m.addLayer({ name: 'L', style: { color: '#ff0000' } });
      const f = m.addFeature({
        layerId: l,
        geometry: {
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        },
        properties: { name: 'x', tags: ['a'] },
      });
      m.setProperties(f, { name: 'y' });
      m.deleteFeature(f);
    });
    expect(checkUpdate(u)).toMatchObject({ ok: true });
  });

  it('accepts deletions (a compaction) of earlier content', () => {
    const base = new Y.Doc();
    const m = new ProjectMap(base, { userId: 'u' });
    const l = m.addLayer({ name: 'L' });
    m.addFeature({ layerId: l, geometry: { type: 'Point', coordinates: [1, 1] } });
    expect(checkUpdate(updateOf((doc) => doc.getMap('features').clear(), base))).toMatchObject({ ok: true });
  });

  it('refuses other roots, text, XML, binary values, sub-documents and oversized keys and values', () => {
    const cases: [string, (doc: Y.Doc) => void, RegExp][] = [
      ['unknown root', (d) => d.getMap('secrets').set('x', 1), /unknown root/],
      ['text root', (d) => d.getText('features').insert(0, 'x'), /not part of the map model/],
      ['nested text', (d) => d.getMap('features').set('f', new Y.Text('x') as never), /only maps and arrays/],
      ['nested xml', (d) => d.getMap('features').set('f', new Y.XmlFragment() as never), /only maps and arrays/],
      ['binary', (d) => d.getMap('features').set('f', new Uint8Array([1, 2, 3]) as never), /not part of the map model|not plain JSON/],
      ['subdocument', (d) => d.getMap('features').set('f', new Y.Doc() as never), /not part of the map model/],
      ['long key', (d) => d.getMap('features').set('k'.repeat(500), 1 as never), /map key longer/],
      ['huge value', (d) => d.getMap('layers').set('l', 'x'.repeat(5000) as never), /value larger/],
    ];
    for (const [name, fn, reason] of cases) {
      const r = checkUpdate(updateOf(fn), { ...DEFAULT_UPDATE_LIMITS, maxValueChars: 4000 });
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.reason, name).toMatch(reason);
    }
  });

  it.each(['lean', 'nested'] as const)('accepts every edit the model makes to a %s feature, checked against the document', (shape) => {
    const edits: ((m: ProjectMap, f: string, doc: Y.Doc) => void)[] = [
      (m, f) => m.setProperties(f, { name: 'b', extra: { deep: [1, 2] }, gone: undefined }),
      (m, f) => m.setProperties(f, { name: undefined }),
      (m, f) => m.setStyle(f, { color: '#00ff00', strokeWidth: 3 }),
      (m, f) => m.setStyle(f, { color: null }),
      (m, f) => m.setGeometry(f, pt(2, 2)),
      (m, f) => m.moveToLayer(f, m.addLayer({ name: 'M' })),
      (m, f) => m.deleteFeature(f),
      (m, f) => {
        m.deleteFeature(f);
        m.restoreFeature(f);
      },
      (m, f) => m.addFeature({ layerId: m.feature(f)!.layerId, geometry: pt(3, 3), properties: { n: 1 }, style: { opacity: 0.5 } }),
      (m) => m.deleteLayer(m.layers()[0]!.id),
      (m, f, doc) => {
        m.setGeometry(f, pt(2, 2));
        m.setGeometry(f, pt(3, 3));
        m.deleteFeature(m.addFeature({ layerId: m.feature(f)!.layerId, geometry: pt(4, 4) }));
        compact(doc, { now: 10 ** 13, tombstoneAgeMs: 0, keep: 1 });
      },
      (m, f, doc) => {
        const past = new ProjectMap(new Y.Doc(), { userId: 'r' });
        Y.applyUpdate(past.doc, Y.encodeStateAsUpdate(doc));
        m.setProperties(f, { name: 'changed' });
        m.setGeometry(f, pt(5, 5));
        restoreFrom(m, past);
      },
    ];
    for (const [i, fn] of edits.entries()) {
      const { base, u } = editOf(shape, fn);
      expect(checkUpdate(u, DEFAULT_UPDATE_LIMITS, base), `edit ${i}`).toMatchObject({ ok: true });
    }
  });

  it('refuses keys and kinds a lean feature may not hold, new or edited', () => {
    const huge = 'x'.repeat(20_000);
    const cases: [string, (m: ProjectMap, f: string, doc: Y.Doc) => void, RegExp][] = [
      ['unknown key', (m, f) => m.featuresMap.get(f)!.set('evil', 1), /not part of the map model/],
      ['nested map under a property', (m, f) => m.featuresMap.get(f)!.set('p:name', new Y.Map()), /plain value/],
      ['nested array under a new property', (m, f) => m.featuresMap.get(f)!.set('p:new', new Y.Array()), /plain value/],
      ['a style object', (m, f) => m.featuresMap.get(f)!.set('s:color', { a: 1 }), /style value/],
      ['a revision that is a string', (m, f) => m.featuresMap.get(f)!.set('g:1:2', 'x'), /geometry revision/],
      ['an oversized property', (m, f) => m.featuresMap.get(f)!.set('p:name', huge), /property value/],
      ['a too long property name', (m, f) => m.featuresMap.get(f)!.set(`p:${'k'.repeat(150)}`, 1), /property name/],
      ['meta as a map', (m, f) => m.featuresMap.get(f)!.set('c', new Y.Map()), /must hold a value/],
      ['geom as a value', (m, f) => m.featuresMap.get(f)!.set('geom', [1]), /must hold a array/],
      ['a feature that is a value', (_m, _f, doc) => doc.getMap(FEATURES).set('x', 1 as never), /not a map/],
      [
        'a new lean feature with a text-like key',
        (_m, _f, doc) => {
          const n = new Y.Map<unknown>();
          n.set('c', { layer: 'l', by: 'u', at: 1 });
          n.set('x:y', 1);
          doc.getMap(FEATURES).set('n', n as never);
        },
        /not part of the map model/,
      ],
    ];
    for (const [name, fn, reason] of cases) {
      const { base, u } = editOf('lean', fn);
      const r = checkUpdate(u, DEFAULT_UPDATE_LIMITS, base);
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.reason, name).toMatch(reason);
    }
    // Without the document, an edit of an existing feature cannot be placed; a new feature can.
    const { u } = editOf('lean', (m, f) => m.featuresMap.get(f)!.set('p:name', new Y.Map()));
    expect(checkUpdate(u).ok).toBe(true);
  });

  it('refuses malformed bytes and updates over the byte limit', () => {
    expect(checkUpdate(new Uint8Array([200, 1, 2, 3, 4, 5, 6, 7]))).toEqual({ ok: false, reason: 'malformed update' });
    const u = updateOf((d) => d.getMap('layers').set('l', 'x'.repeat(2000) as never));
    expect(checkUpdate(u, { ...DEFAULT_UPDATE_LIMITS, maxUpdateBytes: 1000 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/exceeds/),
    });
  });
});
