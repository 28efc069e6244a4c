import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkUpdate, DEFAULT_UPDATE_LIMITS } from './guard.ts';
import { ProjectMap } from './model.ts';

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

  it('refuses malformed bytes and updates over the byte limit', () => {
    expect(checkUpdate(new Uint8Array([200, 1, 2, 3, 4, 5, 6, 7]))).toEqual({ ok: false, reason: 'malformed update' });
    const u = updateOf((d) => d.getMap('layers').set('l', 'x'.repeat(2000) as never));
    expect(checkUpdate(u, { ...DEFAULT_UPDATE_LIMITS, maxUpdateBytes: 1000 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/exceeds/),
    });
  });
});
