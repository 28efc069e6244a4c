import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectFeatureFormat,
  exportFeatures,
  FeatureFileError,
  featuresToGpx,
  featuresToKml,
  parseFeatureFile,
  type FeatureFormat,
  type GeoFeatureCollection,
} from './features.ts';

const collection: GeoFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'a',
      geometry: { type: 'Point', coordinates: [1.5212, 42.5078, 1023.5] },
      properties: { name: 'Aid <station> & "water"', description: 'Refill here', capacity: 40, open: true, tags: ['water', 'food'] },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [1.5, 42.5],
          [1.51, 42.51],
          [1.52, 42.505],
        ],
      },
      properties: { name: 'Descent', stroke: '#ff0055', 'stroke-width': 4, difficulty: 'hard' },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [1.6, 42.6],
            [1.62, 42.6],
            [1.62, 42.62],
            [1.6, 42.6],
          ],
          [
            [1.605, 42.605],
            [1.61, 42.605],
            [1.61, 42.61],
            [1.605, 42.605],
          ],
        ],
      },
      properties: { name: 'Parking', 'fill-opacity': 0.5, fill: '#00aa00' },
    },
    {
      type: 'Feature',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [1.4, 42.4],
            [1.41, 42.41],
          ],
          [
            [1.42, 42.42],
            [1.43, 42.43],
          ],
        ],
      },
      properties: { name: 'Two legs' },
    },
  ],
};

const stripIds = (features: { geometry: unknown; properties: Record<string, unknown> }[]) =>
  features.map((f) => ({ geometry: f.geometry, properties: f.properties }));

describe('feature files', () => {
  it.each(['geojson', 'kml', 'gpx'] as FeatureFormat[])('%s round-trips geometries and properties of every type', (format) => {
    const text = exportFeatures(format, collection, { name: 'Race day' });
    expect(detectFeatureFormat(text)).toBe(format);
    const back = parseFeatureFile(text);
    expect(back.format).toBe(format);
    expect(back.name).toBe('Race day');
    const expected = collection.features.map((f) => ({ geometry: f.geometry, properties: f.properties }));
    if (format === 'kml') {
      // KML styles also come back as their simplestyle properties (opacity included)
      expected[1]!.properties = { ...expected[1]!.properties, 'stroke-opacity': 1 };
      expected[2]!.properties = { ...expected[2]!.properties, stroke: undefined };
      const got = stripIds(back.features);
      expect(got.map((f) => f.geometry)).toEqual(expected.map((f) => f.geometry));
      expect(got[0]!.properties).toEqual(collection.features[0]!.properties);
      expect(got[1]!.properties).toMatchObject(collection.features[1]!.properties!);
      expect(got[2]!.properties).toMatchObject(collection.features[2]!.properties!);
    } else {
      expect(stripIds(back.features)).toEqual(expected);
    }
  });

  it('writes KML folders and styles a KML reader understands', () => {
    const kml = featuresToKml(collection, { folderOf: (f) => (f.geometry?.type === 'Point' ? 'Points' : 'Shapes') });
    expect(kml.match(/<Folder>/g)).toHaveLength(2);
    expect(kml).toContain('<LineStyle><color>ff5500ff</color><width>4</width></LineStyle>');
    expect(kml).toContain('<PolyStyle><color>8000aa00</color></PolyStyle>');
    expect(kml).toContain('<innerBoundaryIs>');
  });

  it('reads shared KML styles, StyleMaps, SimpleData, mixed MultiGeometry and gx:Track', () => {
    const kml = `<?xml version="1.0"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>Imported</name>
<Style id="red"><LineStyle><color>ff0000ff</color><width>2</width></LineStyle></Style>
<StyleMap id="m"><Pair><key>normal</key><styleUrl>#red</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#x</styleUrl></Pair></StyleMap>
<Folder><Placemark><name>Mixed</name><styleUrl>#m</styleUrl>
<ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="km">12</SimpleData></SchemaData></ExtendedData>
<MultiGeometry><Point><coordinates>1.5,42.5</coordinates></Point><LineString><coordinates>1.5,42.5 1.6,42.6</coordinates></LineString></MultiGeometry>
</Placemark>
<Placemark><gx:Track><gx:coord>1.5 42.5 1000</gx:coord><gx:coord>1.51 42.51 1010</gx:coord></gx:Track></Placemark>
<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Folder></Document></kml>`;
    const r = parseFeatureFile(kml);
    expect(r.name).toBe('Imported');
    expect(r.features.map((f) => (f.geometry as { type: string }).type)).toEqual(['Point', 'LineString', 'LineString', 'Polygon']);
    expect(r.features[0]!.properties).toEqual({ name: 'Mixed', stroke: '#ff0000', 'stroke-opacity': 1, 'stroke-width': 2, km: '12' });
    expect(r.features[2]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [1.5, 42.5, 1000],
        [1.51, 42.51, 1010],
      ],
    });
    // an open ring is closed
    expect((r.features[3]!.geometry as { coordinates: number[][][] }).coordinates[0]).toHaveLength(4);
  });

  it('reads GPX waypoints, routes and tracks from other tools', () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="42.5" lon="1.5"><ele>1200</ele><name>Summit</name><sym>Flag</sym></wpt>
<rte><name>Plan</name><rtept lat="42.5" lon="1.5"/><rtept lat="42.6" lon="1.6"/></rte>
<trk><name>Run</name><trkseg><trkpt lat="42.5" lon="1.5"/><trkpt lat="42.51" lon="1.51"/></trkseg><trkseg><trkpt lat="42.52" lon="1.52"/><trkpt lat="42.53" lon="1.53"/></trkseg></trk>
</gpx>`;
    const r = parseFeatureFile(gpx);
    expect(r.features.map((f) => [(f.geometry as { type: string }).type, f.properties.name])).toEqual([
      ['Point', 'Summit'],
      ['LineString', 'Plan'],
      ['MultiLineString', 'Run'],
    ]);
    expect(r.features[0]!.properties.symbol).toBe('Flag');
    expect((r.features[0]!.geometry as { coordinates: number[] }).coordinates).toEqual([1.5, 42.5, 1200]);
  });

  it('refuses malformed, unsupported, empty, oversized and out-of-range files with a clear error', () => {
    const cases: [string, string, FeatureFileError['code'], { fileName?: string; maxBytes?: number }?][] = [
      ['{"type":"FeatureCollection","features":[', 'not valid JSON', 'malformed'],
      ['{"type":"FeatureCollection","features":{}}', 'features must be an array', 'malformed'],
      ['{"type":"FeatureCollection","features":[{"type":"Nope"}]}', 'feature 1', 'malformed'],
      ['<kml><Document><Placemark></kml>', 'malformed KML', 'malformed'],
      ['<gpx><wpt lat="95" lon="1"/></gpx>', 'latitude', 'bad_coordinates'],
      ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><kml/>', 'DOCTYPE', 'malformed'],
      ['hello', 'unrecognised', 'unsupported'],
      ['<kml><Document/></kml>', 'no features', 'empty'],
      ['{"type":"FeatureCollection","features":[]}', 'too large', 'too_large', { maxBytes: 10 }],
      ['<html/>', 'not a GPX', 'unsupported', { fileName: 'x.gpx' }],
    ];
    for (const [text, message, code, opts] of cases) {
      let err: unknown;
      try {
        parseFeatureFile(text, opts ?? {});
      } catch (e) {
        err = e;
      }
      expect(err, text).toBeInstanceOf(FeatureFileError);
      expect((err as FeatureFileError).code, text).toBe(code);
      expect((err as Error).message, text).toContain(message);
    }
  });

  it('never throws anything but FeatureFileError on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constantFrom('<gpx>', '<kml>', '{"type":"Feature"}')),
        fc.constantFrom('geojson', 'kml', 'gpx', undefined),
        (text, format) => {
          try {
            parseFeatureFile(text, format ? { format: format as FeatureFormat } : {});
          } catch (e) {
            if (!(e instanceof FeatureFileError)) throw e;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('exports GPX polygons as marked tracks and multi-polygons as one track per part', () => {
    const gpx = featuresToGpx({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 0],
                ],
              ],
              [
                [
                  [2, 2],
                  [3, 2],
                  [3, 3],
                  [2, 2],
                ],
              ],
            ],
          },
          properties: { name: 'Zones' },
        },
      ],
    });
    const back = parseFeatureFile(gpx);
    expect(back.features.map((f) => (f.geometry as { type: string }).type)).toEqual(['Polygon', 'Polygon']);
    expect(back.features.every((f) => f.properties.name === 'Zones')).toBe(true);
  });
});
