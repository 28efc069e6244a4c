// Go/no-go for a leaner per-feature Yjs shape (issue 14): builds the bench's 10,000-feature map
// (bench/src/collab.ts `fill`: one layer, points with 3 properties) in several per-feature shapes
// written directly with Yjs, and prints for each the encoded bytes, the time of `Y.applyUpdate`
// into a fresh doc (median of RUNS) and the count of Yjs items and shared types.
//
//   npx tsx bench/src/collab-shapes.ts        (BENCH_SHAPES_RUNS=5, BENCH_SHAPES_FEATURES=10000)
import * as Y from 'yjs';
import { ProjectMap } from '@waymark/collab';

const N = Number(process.env.BENCH_SHAPES_FEATURES ?? 10_000);
const RUNS = Math.max(1, Number(process.env.BENCH_SHAPES_RUNS ?? 5));
const USER = '5f0c8d7e-2b1a-4c3d-9e8f-0123456789ab';
const T0 = 1_764_000_000_000;

const geometry = (i: number) => ({ type: 'Point', coordinates: [1.4 + (i % 100) / 500, 42.4 + Math.floor(i / 100) / 500] });
const properties = (i: number) => ({ name: `Point ${i}`, index: i, kind: i % 3 ? 'marker' : 'checkpoint' });
const fid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

type Build = (doc: Y.Doc, features: Y.Map<unknown>, layerId: string, i: number) => void;

/** The map as ProjectMap writes it (features in `shape`), in one transaction as the bench's fill. */
function viaModel(featureShape: 'lean' | 'nested'): Uint8Array {
  const doc = new Y.Doc();
  const map = new ProjectMap(doc, { userId: USER, now: () => T0, featureShape });
  const layerId = map.addLayer({ name: 'Big' });
  map.addFeatures(
    layerId,
    Array.from({ length: N }, (_, i) => ({ id: fid(i), geometry: geometry(i), properties: properties(i) })),
  );
  return Y.encodeStateAsUpdate(doc);
}

const shapes: { name: string; note: string; build: Build }[] = [
  {
    name: 'today',
    note: 'layer, createdBy, createdAt, geom Y.Array[rev], props Y.Map, style Y.Map',
    build(doc, features, layerId, i) {
      const m = new Y.Map<unknown>();
      m.set('layer', layerId);
      const geom = new Y.Array<unknown>();
      geom.push([{ g: geometry(i), by: USER, at: T0 + i, c: doc.clientID }]);
      m.set('geom', geom);
      const p = new Y.Map<unknown>();
      for (const [k, v] of Object.entries(properties(i))) p.set(k, v);
      m.set('props', p);
      m.set('style', new Y.Map<unknown>());
      m.set('createdBy', USER);
      m.set('createdAt', T0 + i);
      features.set(fid(i), m);
    },
  },
  {
    name: 'lean, geom array',
    note: 'layer, c {by,at}, geom Y.Array[rev], p:* keys',
    build(doc, features, layerId, i) {
      const m = new Y.Map<unknown>();
      m.set('layer', layerId);
      m.set('c', { by: USER, at: T0 + i });
      const geom = new Y.Array<unknown>();
      geom.push([{ g: geometry(i), by: USER, at: T0 + i, c: doc.clientID }]);
      m.set('geom', geom);
      for (const [k, v] of Object.entries(properties(i))) m.set(`p:${k}`, v);
      features.set(fid(i), m);
    },
  },
  {
    name: 'lean, revision keys',
    note: 'layer, c {by,at}, g:<client>:<at> = rev, p:* keys',
    build(doc, features, layerId, i) {
      const m = new Y.Map<unknown>();
      m.set('layer', layerId);
      m.set('c', { by: USER, at: T0 + i });
      m.set(`g:${doc.clientID}:${T0 + i}`, { g: geometry(i), by: USER, at: T0 + i });
      for (const [k, v] of Object.entries(properties(i))) m.set(`p:${k}`, v);
      features.set(fid(i), m);
    },
  },
  {
    name: 'lean, layer in c',
    note: 'c {layer,by,at}, g:<client>:<at> = rev, p:* keys',
    build(doc, features, layerId, i) {
      const m = new Y.Map<unknown>();
      m.set('c', { layer: layerId, by: USER, at: T0 + i });
      m.set(`g:${doc.clientID}:${T0 + i}`, { g: geometry(i), by: USER, at: T0 + i });
      for (const [k, v] of Object.entries(properties(i))) m.set(`p:${k}`, v);
      features.set(fid(i), m);
    },
  },
  {
    name: '(ref) props one value',
    note: 'layer, c, g:… , props as one JSON value — does not merge keys, for scale only',
    build(doc, features, layerId, i) {
      const m = new Y.Map<unknown>();
      m.set('layer', layerId);
      m.set('c', { by: USER, at: T0 + i });
      m.set(`g:${doc.clientID}:${T0 + i}`, { g: geometry(i), by: USER, at: T0 + i });
      m.set('props', properties(i));
      features.set(fid(i), m);
    },
  },
];

function build(b: Build): Uint8Array {
  const doc = new Y.Doc();
  const layers = doc.getMap<unknown>('layers');
  const features = doc.getMap<unknown>('features');
  const layerId = '11111111-1111-4111-8111-111111111111';
  doc.transact(() => {
    const l = new Y.Map<unknown>();
    l.set('name', 'Big');
    layers.set(layerId, l);
  });
  // One transaction, as the bench's fill does.
  doc.transact(() => {
    for (let i = 0; i < N; i++) b(doc, features, layerId, i);
  });
  return Y.encodeStateAsUpdate(doc);
}

function count(update: Uint8Array): { items: number; types: number } {
  const { structs } = Y.decodeUpdate(update);
  let items = 0;
  let types = 0;
  for (const s of structs) {
    if (!(s instanceof Y.Item)) continue;
    items += s.length;
    if (s.content instanceof Y.ContentType) types++;
  }
  return { items, types };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timeApply(update: Uint8Array, runs: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const doc = new Y.Doc();
    const t = performance.now();
    Y.applyUpdate(doc, update);
    out.push(performance.now() - t);
    doc.destroy();
  }
  return out;
}

const updates = [
  ...shapes.map((s) => ({ ...s, update: build(s.build) })),
  { name: 'ProjectMap, nested', note: 'what ProjectMap wrote before model 2 (featureShape: nested)', update: viaModel('nested') },
  {
    name: 'ProjectMap, lean',
    note: 'what ProjectMap writes now (model 2: c {layer,by,at}, g:<client>:<at> = rev with c, p:*)',
    update: viaModel('lean'),
  },
];
// Warm up the decoder on every shape once, then time them interleaved so load drifts hit all alike.
for (const u of updates) timeApply(u.update, 1);
const times = new Map<string, number[]>(updates.map((u) => [u.name, []]));
for (let r = 0; r < RUNS; r++) for (const u of updates) times.get(u.name)!.push(...timeApply(u.update, 1));

const base = median(times.get('today')!);
console.log(`${N} features, Y.applyUpdate into a fresh doc, median of ${RUNS}, node ${process.version}`);
console.log('| shape | bytes | items | types | apply (median) | vs today | runs |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const u of updates) {
  const c = count(u.update);
  const t = times.get(u.name)!;
  const m = median(t);
  console.log(
    `| ${u.name} | ${u.update.byteLength.toLocaleString('en')} | ${c.items.toLocaleString('en')} | ${c.types.toLocaleString('en')} | ${m.toFixed(0)} ms | ${(m / base).toFixed(2)}× | ${t.map((x) => x.toFixed(0)).join(' · ')} |`,
  );
}
for (const u of updates) console.log(`- ${u.name}: ${u.note}`);
