import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  importTrack,
  toGeoJson,
  toGpx,
  toKml,
  MAX_OWN_WAYPOINTS,
  TrackImportError,
  trackToWaypoints,
  type TrackData,
  type TrackPoint,
  type TrackWaypoint,
} from './formats.ts';
import { parseXml, XmlError } from './xml.ts';

const track: TrackData = {
  name: 'Morning <loop> & "friends"',
  description: "Escaldes → Ordino, l'Aldosa",
  lines: [
    [
      [1.5344, 42.5093, 1050.3],
      [1.5351234, 42.5101234, 1061.8],
      [1.5362, 42.5123, 1075],
    ],
  ],
};

const expectClose = (a: TrackPoint[][], b: TrackPoint[][]) => {
  expect(a.length).toBe(b.length);
  a.forEach((line, i) => {
    expect(line.length).toBe(b[i]!.length);
    line.forEach((p, j) => {
      const q = b[i]![j]!;
      expect(p[0]).toBeCloseTo(q[0], 6);
      expect(p[1]).toBeCloseTo(q[1], 6);
      if (q.length > 2) expect(p[2]).toBeCloseTo(q[2]!, 1);
      else expect(p.length).toBe(2);
    });
  });
};

describe('round trips', () => {
  it.each([
    ['gpx', toGpx],
    ['kml', toKml],
    ['geojson', (t: TrackData) => toGeoJson(t)],
  ] as const)('%s keeps name, description, coordinates and elevation', (format, write) => {
    const text = write(track);
    expect(detectFormat(text)).toBe(format);
    const back = importTrack(text);
    expect(back.name).toBe(track.name);
    if (format !== 'gpx' || back.description) expect(back.description).toBe(track.description);
    expectClose(back.lines, track.lines);
  });

  it('keeps several segments and points without elevation', () => {
    const t: TrackData = {
      lines: [
        [
          [1.5, 42.5],
          [1.51, 42.51],
        ],
        [
          [1.52, 42.52, 1200],
          [1.53, 42.53, 1210],
        ],
      ],
    };
    for (const w of [toGpx, toKml, toGeoJson]) expectClose(importTrack(w(t)).lines, t.lines);
  });

  it('property: any valid track survives GPX, KML and GeoJSON', () => {
    const pt = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -400, max: 8800, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(pt, { minLength: 2, maxLength: 30 }), fc.string({ maxLength: 40 }), (pts, name) => {
        const lines = [
          pts.map(([a, b, c]) => [Math.round(a * 1e7) / 1e7, Math.round(b * 1e7) / 1e7, Math.round(c * 10) / 10] as TrackPoint),
        ];
        const cleanName = name.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '').trim() || undefined; // eslint-disable-line no-control-regex
        for (const w of [toGpx, toKml, toGeoJson]) {
          const back = importTrack(w({ name: cleanName, lines }));
          expectClose(back.lines, lines);
          if (cleanName) expect(back.name?.replace(/\s+/g, ' ')).toBe(cleanName.replace(/\s+/g, ' ').slice(0, 200));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("the planner's own waypoints", () => {
  // a line through three turns; the planner's waypoints lie on it (the third leg fixed through two points)
  const line: TrackPoint[] = [
    [1.5, 42.5, 1000],
    [1.505, 42.5, 1010],
    [1.51, 42.5, 1020],
    [1.51, 42.505, 1030],
    [1.512, 42.507, 1035],
    [1.514, 42.509, 1040],
    [1.52, 42.51, 1050],
  ];
  const waypoints: TrackWaypoint[] = [
    { lon: 1.5, lat: 42.5, mode: 'snap' },
    { lon: 1.51, lat: 42.5, mode: 'snap' },
    { lon: 1.51, lat: 42.505, mode: 'freehand' },
    {
      lon: 1.52,
      lat: 42.51,
      mode: 'freehand',
      via: [
        [1.512, 42.507],
        [1.514, 42.509],
      ],
    },
  ];
  const t: TrackData = { name: 'Three turns', lines: [line], waypoints };

  it.each([
    ['gpx', toGpx],
    ['kml', toKml],
    ['geojson', (d: TrackData) => toGeoJson(d)],
  ] as const)('%s carries them: a re-import gives back the same waypoints, modes and fixed leg', (_format, write) => {
    const back = importTrack(write(t));
    expectClose(back.lines, [line]);
    expect(back.waypoints).toEqual(waypoints);
  });

  it('a file from another tool with points in it is not read as our waypoints', () => {
    const kml = toKml(t).replace(/<ExtendedData><Data name="type">[^]*?<\/ExtendedData>/, '');
    expect(importTrack(kml).waypoints).toBeUndefined();
    const gj = JSON.parse(toGeoJson(t)) as { features: { properties: Record<string, unknown> }[] };
    for (const f of gj.features) delete f.properties.waymark;
    const back = importTrack(JSON.stringify(gj));
    expect(back.waypoints).toBeUndefined();
    expectClose(back.lines, [line]);
  });

  it('a bad waypoint coordinate is a clear import error, not a crash', () => {
    expect(() => importTrack(toKml(t).replace('<coordinates>1.51,42.5</coordinates>', '<coordinates>1.51,142.5</coordinates>'))).toThrow(
      /invalid coordinate/,
    );
    const gj = JSON.parse(toGeoJson(t)) as { features: { geometry: { coordinates: unknown } }[] };
    gj.features[2]!.geometry.coordinates = ['x'];
    expect(() => importTrack(JSON.stringify(gj))).toThrow(TrackImportError);
  });

  it('reads at most MAX_OWN_WAYPOINTS of them, however many a forged file lists', () => {
    const many: TrackWaypoint[] = Array.from({ length: MAX_OWN_WAYPOINTS + 50 }, (_, i) => ({
      lon: 1.5 + i * 1e-5,
      lat: 42.5,
      mode: 'snap',
    }));
    const back = importTrack(
      toGeoJson({
        lines: [
          [
            [1.5, 42.5],
            [1.51, 42.5],
          ],
        ],
        waypoints: many,
      }),
    );
    expect(back.waypoints?.length).toBe(MAX_OWN_WAYPOINTS);
  });
});

describe('imports from other tools', () => {
  it('reads GPX routes, namespaces, CDATA, comments and entities', () => {
    const gpx = `\uFEFF<?xml version="1.0"?>
<!-- exported -->
<gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" version="1.1">
  <gpx:rte><gpx:name><![CDATA[Col & <Pass>]]></gpx:name>
    <gpx:rtept lat='42.5' lon='1.5'><gpx:ele>1000</gpx:ele></gpx:rtept>
    <gpx:rtept lat="42.6" lon="1.6"/>
  </gpx:rte>
</gpx:gpx>`;
    const t = importTrack(gpx);
    expect(t.name).toBe('Col & <Pass>');
    expect(t.lines).toEqual([
      [
        [1.5, 42.5, 1000],
        [1.6, 42.6],
      ],
    ]);
  });
  it('reads KML gx:Track and GeoJSON Feature / bare geometry', () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><name>A&amp;B</name><gx:Track><gx:coord>1.5 42.5 900</gx:coord><gx:coord>1.6 42.6 950</gx:coord></gx:Track></Placemark></kml>`;
    expect(importTrack(kml)).toEqual({
      name: 'A&B',
      description: undefined,
      lines: [
        [
          [1.5, 42.5, 900],
          [1.6, 42.6, 950],
        ],
      ],
    });
    expect(
      importTrack(
        JSON.stringify({
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        }),
      ).lines,
    ).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
    ]);
    expect(
      importTrack(
        JSON.stringify({
          type: 'Feature',
          properties: { name: 'x' },
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [1, 2],
                [3, 4],
              ],
            ],
          },
        }),
      ).name,
    ).toBe('x');
  });
  it('turns a long track into at most 100 editable waypoints keeping its ends', () => {
    const line: TrackPoint[] = Array.from({ length: 5000 }, (_, i) => [1.5 + i * 1e-5, 42.5 + Math.sin(i / 200) * 0.01]);
    const wps = trackToWaypoints([line], 100);
    expect(wps.length).toBeLessThanOrEqual(100);
    expect(wps.length).toBeGreaterThan(10);
    expect(wps[0]).toEqual([line[0]![0], line[0]![1]]);
    expect(wps.at(-1)).toEqual([line.at(-1)![0], line.at(-1)![1]]);
  });
});

describe('malformed and oversized input', () => {
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(TrackImportError);
      return (e as TrackImportError).code;
    }
    throw new Error('expected a TrackImportError');
  };
  it.each([
    ['truncated GPX', '<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkpt>', 'malformed'],
    ['mismatched tags', '<gpx><trk></trkseg></gpx>', 'malformed'],
    ['DOCTYPE / entity bomb', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><gpx>&lol;</gpx>', 'malformed'],
    ['unknown entity', '<gpx><name>&nbsp;</name></gpx>', 'malformed'],
    ['bad JSON', '{"type": "LineString", ', 'malformed'],
    ['not a track at all', 'hello world', 'unsupported'],
    ['wrong XML root', '<svg></svg>', 'unsupported'],
    ['no points', '<gpx version="1.1"></gpx>', 'empty'],
    ['one point', '{"type":"LineString","coordinates":[[1,2]]}', 'empty'],
    [
      'latitude out of range',
      '<gpx><trk><trkseg><trkpt lat="91" lon="2"/><trkpt lat="1" lon="2"/></trkseg></trk></gpx>',
      'bad_coordinates',
    ],
    ['non-numeric coordinate', '{"type":"LineString","coordinates":[[1,"x"],[3,4]]}', 'bad_coordinates'],
    ['GeoJSON without type', '{"features":[]}', 'unsupported'],
  ])('%s → %s', (_label, text, expected) => {
    expect(code(() => importTrack(text))).toBe(expected);
  });
  it('rejects oversized files and too many points with clear messages', () => {
    expect(() => importTrack('x'.repeat(2000), { maxBytes: 1000 })).toThrow(/too large/);
    const many = JSON.stringify({ type: 'LineString', coordinates: Array.from({ length: 50 }, (_, i) => [1, i / 100]) });
    expect(() => importTrack(many, { maxPoints: 10 })).toThrow(/too many points \(50; the limit is 10\)/);
  });
  it('never throws anything but TrackImportError on random input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('<gpx>', '<kml>', '{"type":"LineString"').chain((p) => fc.string().map((s) => p + s)),
        ),
        (s) => {
          try {
            importTrack(s);
          } catch (e) {
            expect(e).toBeInstanceOf(TrackImportError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it('the XML reader rejects deep nesting and stray text', () => {
    expect(() => parseXml('<a>'.repeat(100) + '</a>'.repeat(100))).toThrow(XmlError);
    expect(() => parseXml('<a></a>junk')).toThrow(/outside the root/);
  });
});
