import { ProjectMap } from '@waymark/collab';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EditorStore } from './editor-store';
import { exportMap, importFile, ImportError, layerNameFor } from './io';
import { areaOf, formatArea, lengthOf, measure } from './measure';
import { parseCell, propertyKeys, showCell } from './properties';
import { editModeFor, renderCollection } from './render';
import { snapPosition } from './snap';
import { toolForKey } from './tools';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [1.5, 42.5],
      [1.51, 42.5],
      [1.51, 42.51],
      [1.5, 42.51],
      [1.5, 42.5],
    ],
  ],
};

describe('render', () => {
  it('resolves styles, leaves out hidden layers and the feature being edited, orders by layer', () => {
    const doc = new Y.Doc();
    const m = new ProjectMap(doc, { userId: 'u' });
    const a = m.addLayer({ name: 'A', style: { color: '#ff0000' } });
    const b = m.addLayer({ name: 'B' });
    const hidden = m.addLayer({ name: 'H', visible: false });
    const fb = m.addFeature({ layerId: b, geometry: { type: 'Point', coordinates: [1, 2] } });
    const fa = m.addFeature({ layerId: a, geometry: square, style: { strokeWidth: 7 }, properties: { name: 'Sq' } });
    m.addFeature({ layerId: hidden, geometry: { type: 'Point', coordinates: [1, 2] } });
    const fa2 = m.addFeature({ layerId: a, geometry: { type: 'Point', coordinates: [3, 4] } });
    const fc = renderCollection(m.layers(), m.features(), new Set([fa2]));
    expect(fc.features.map((f) => f.properties.id)).toEqual([fa, fb]);
    expect(fc.features[0]!.properties).toMatchObject({ color: '#ff0000', width: 7, z: 0, name: 'Sq', layer: a });
    expect(fc.features[1]!.properties).toMatchObject({ color: '#2563eb', width: 3, z: 1 });
  });

  it('knows which geometries terra-draw can edit', () => {
    expect(editModeFor('Polygon')).toBe('polygon');
    expect(editModeFor('LineString')).toBe('linestring');
    expect(editModeFor('Point')).toBe('point');
    expect(editModeFor('MultiPolygon')).toBeNull();
  });
});

describe('snap', () => {
  const project = (lng: number, lat: number) => ({ x: lng * 100, y: -lat * 100 });
  const cands = [
    {
      id: 'line',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    },
    { id: 'pt', geometry: { type: 'Point', coordinates: [3, 3] } },
  ];
  it('snaps to the nearest vertex within the tolerance', () => {
    expect(snapPosition({ x: 96, y: 4 }, cands, project, { tolerance: 10 })).toEqual([1, 0]);
    expect(snapPosition({ x: 305, y: -302 }, cands, project, { tolerance: 10 })).toEqual([3, 3]);
  });
  it('snaps to an edge when no vertex is near, and vertices win over edges', () => {
    const p = snapPosition({ x: 50, y: 5 }, cands, project, { tolerance: 10 })!;
    expect(p[0]).toBeCloseTo(0.5);
    expect(p[1]).toBeCloseTo(0);
    expect(snapPosition({ x: 50, y: 5 }, cands, project, { tolerance: 10, edges: false })).toBeUndefined();
  });
  it('finds nothing outside the tolerance, and skips the excluded feature and far bounding boxes', () => {
    expect(snapPosition({ x: 50, y: 50 }, cands, project, { tolerance: 10 })).toBeUndefined();
    expect(snapPosition({ x: 96, y: 4 }, cands, project, { tolerance: 10, exclude: 'line' })).toBeUndefined();
    expect(snapPosition({ x: 96, y: 4 }, cands, project, { tolerance: 10, near: [2, 2, 4, 4] })).toBeUndefined();
  });
});

describe('measure', () => {
  it('measures lines, polygons and circles', () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [0, 0],
        [0, 1],
      ],
    };
    expect(lengthOf(line) / 1000).toBeCloseTo(111.19, 1);
    expect(measure(line, 'km').parts).toEqual([['Length', '111.2 km']]);
    const a = areaOf(square);
    expect(a).toBeGreaterThan(800_000);
    expect(a).toBeLessThan(950_000);
    expect(measure(square, 'km').parts[0]).toEqual(['Area', formatArea(a, 'km')]);
    expect(measure(square, 'km', 250).parts[0]).toEqual(['Radius', '250 m']);
  });
  it('formats areas', () => {
    expect(formatArea(500, 'km')).toBe('500 m²');
    expect(formatArea(25_000, 'km')).toBe('2.50 ha');
    expect(formatArea(3_000_000, 'km')).toBe('3.00 km²');
    expect(formatArea(4046.8564224 * 2, 'mi')).toBe('2.00 ac');
  });
});

describe('properties', () => {
  it('lists custom keys without name', () => {
    expect(propertyKeys([{ properties: { name: 'a', b: 1 } }, { properties: { a: 2 } }])).toEqual(['a', 'b']);
  });
  it('keeps a value’s kind when a cell is edited', () => {
    expect(parseCell('12', 3)).toBe(12);
    expect(parseCell('x', 3)).toBe('x');
    expect(parseCell('false', true)).toBe(false);
    expect(parseCell('12', 'old')).toBe('12');
    expect(parseCell('', 5)).toBeUndefined();
    expect(parseCell('{"a":1}', { b: 2 })).toEqual({ a: 1 });
    expect(showCell({ a: 1 })).toBe('{"a":1}');
    expect(showCell(null)).toBe('');
  });
});

describe('tools', () => {
  it('maps shortcut keys to tools', () => {
    expect(toolForKey('V')).toBe('select');
    expect(toolForKey('p')).toBe('polygon');
    expect(toolForKey('x')).toBeNull();
  });
});

describe('import and export', () => {
  const fc = {
    type: 'FeatureCollection',
    name: 'Trail works',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Gate', kind: 'gate', n: 3, stroke: '#ff0000' },
        geometry: { type: 'Point', coordinates: [1.52, 42.5] },
      },
      {
        type: 'Feature',
        properties: { name: 'Path' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [1.5, 42.5],
            [1.51, 42.51],
          ],
        },
      },
    ],
  };

  it('imports a file as one new layer, properties and style kept, and round-trips through export', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u' });
    const r = importFile(m, JSON.stringify(fc), 'works.geojson');
    expect(r).toMatchObject({ count: 2, name: 'Trail works' });
    expect(m.layers().map((l) => l.name)).toEqual(['Trail works']);
    const gate = m.features().find((f) => f.properties.name === 'Gate')!;
    expect(gate.properties).toEqual({ name: 'Gate', kind: 'gate', n: 3 });
    expect(gate.style.color).toBe('#ff0000');
    const out = exportMap(m, 'geojson', { layerId: r.layerId, name: 'Trail works' });
    expect(out.fileName).toBe('Trail-works.geojson');
    const back = JSON.parse(out.text);
    expect(back.features.map((f: { properties: unknown }) => f.properties)).toEqual(fc.features.map((f) => f.properties));
    const m2 = new ProjectMap(new Y.Doc(), { userId: 'u' });
    importFile(m2, out.text, out.fileName);
    expect(m2.features().map((f) => f.geometry)).toEqual(m.features().map((f) => f.geometry));
  });

  it('refuses a malformed file with a clear message and changes nothing', () => {
    const m = new ProjectMap(new Y.Doc(), { userId: 'u' });
    m.addLayer({ name: 'Keep' });
    const before = JSON.stringify(m.doc.toJSON());
    expect(() => importFile(m, '{"type":"FeatureCollection","features":[', 'bad.geojson')).toThrow(ImportError);
    expect(() =>
      importFile(
        m,
        '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[500,1]},"properties":{}}]}',
        'bad.geojson',
      ),
    ).toThrow(/Feature 1/);
    expect(() => importFile(m, 'hello', 'notes.txt')).toThrow(/unrecognised/);
    expect(JSON.stringify(m.doc.toJSON())).toBe(before);
  });

  it('imports a GPX file as a layer and exports KML and GPX that read back', () => {
    const gpx = `<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Morning run</name></metadata>
  <wpt lat="42.51" lon="1.53"><name>Fountain</name></wpt>
  <trk><name>Loop</name><trkseg><trkpt lat="42.5" lon="1.5"><ele>1200</ele></trkpt><trkpt lat="42.505" lon="1.51"><ele>1250</ele></trkpt></trkseg></trk>
</gpx>`;
    const m = new ProjectMap(new Y.Doc(), { userId: 'u' });
    const r = importFile(m, gpx, 'run.gpx');
    expect(r.name).toBe('Morning run');
    expect(m.layer(r.layerId)?.source).toEqual({ kind: 'import', fileName: 'run.gpx', format: 'gpx' });
    const byName = new Map(m.features().map((f) => [f.properties.name, f]));
    expect(byName.get('Fountain')?.geometry).toEqual({ type: 'Point', coordinates: [1.53, 42.51] });
    expect(byName.get('Loop')?.geometry.type).toBe('LineString');
    for (const format of ['kml', 'gpx'] as const) {
      const out = exportMap(m, format, { name: 'Morning run' });
      expect(out.fileName).toBe(`Morning-run.${format}`);
      const m2 = new ProjectMap(new Y.Doc(), { userId: 'u' });
      importFile(m2, out.text, out.fileName);
      expect(new Set(m2.features().map((f) => f.properties.name))).toEqual(new Set(['Fountain', 'Loop']));
    }
  });

  it('names layers after the file when it has no name', () => {
    expect(layerNameFor('runs.gpx')).toBe('runs');
    expect(layerNameFor('x.kml', '  Club  ')).toBe('Club');
  });
});

describe('editor store', () => {
  it('undoes only this editor’s own edits, not remote ones', () => {
    const docA = new Y.Doc();
    const docB = new Y.Doc();
    docA.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(docB, u, 'remote'));
    docB.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(docA, u, 'remote'));
    const a = new EditorStore(docA, 'alice');
    const b = new EditorStore(docB, 'bob');
    const layer = a.layerForDrawing();
    const fa = a.map.addFeature({ layerId: layer, geometry: { type: 'Point', coordinates: [1, 1] } });
    a.stopCapturing();
    const fb = b.map.addFeature({ layerId: layer, geometry: { type: 'Point', coordinates: [2, 2] } });
    b.stopCapturing();
    expect(a.getSnapshot().features).toHaveLength(2);
    a.undoLast();
    // alice's point is gone on both; bob's stays
    expect(a.getSnapshot().features.map((f) => f.id)).toEqual([fb]);
    expect(b.getSnapshot().features.map((f) => f.id)).toEqual([fb]);
    expect(a.getSnapshot().canRedo).toBe(true);
    a.redoLast();
    expect(new Set(b.getSnapshot().features.map((f) => f.id))).toEqual(new Set([fa, fb]));
  });

  it.each(['lean', 'nested'] as const)('sees remote property and style edits of a %s feature, and undoes its own key by key', (shape) => {
    const docA = new Y.Doc();
    const docB = new Y.Doc();
    docA.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(docB, u, 'remote'));
    docB.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(docA, u, 'remote'));
    const a = new EditorStore(docA, 'alice');
    const b = new EditorStore(docB, 'bob');
    const layer = a.layerForDrawing();
    // the feature as a client of that shape wrote it (nested: a document from before model 2)
    const f = new ProjectMap(docA, { userId: 'alice', featureShape: shape }).addFeature({
      layerId: layer,
      geometry: { type: 'Point', coordinates: [1, 1] },
      properties: { name: 'Spring' },
    });
    let seen = 0;
    a.subscribe(() => seen++);
    const v0 = a.getSnapshot().version;
    b.map.setProperties(f, { flow: 'good' });
    b.map.setStyle(f, { color: '#00ff00' });
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(a.getSnapshot().version).toBeGreaterThan(v0);
    expect(a.getSnapshot().byId.get(f)).toMatchObject({ properties: { name: 'Spring', flow: 'good' }, style: { color: '#00ff00' } });
    a.map.setProperties(f, { name: 'Source' });
    a.stopCapturing();
    a.map.setStyle(f, { color: '#ff0000' });
    a.stopCapturing();
    a.undoLast();
    a.undoLast();
    // alice's own two edits are undone on both; bob's stay
    for (const s of [a, b]) {
      expect(s.getSnapshot().byId.get(f)).toMatchObject({ properties: { name: 'Spring', flow: 'good' }, style: { color: '#00ff00' } });
    }
  });

  it('a snapshot is stable until something changes, and selection follows deletes', () => {
    const s = new EditorStore(new Y.Doc(), 'u');
    const snap = s.getSnapshot();
    expect(s.getSnapshot()).toBe(snap);
    const l = s.layerForDrawing();
    const id = s.map.addFeature({ layerId: l, geometry: { type: 'Point', coordinates: [0, 0] } });
    s.select(id);
    expect(s.getSnapshot().selectedId).toBe(id);
    s.map.deleteFeature(id);
    expect(s.getSnapshot().selectedId).toBeNull();
  });
});
