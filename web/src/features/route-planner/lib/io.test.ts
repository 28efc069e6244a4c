import { describe, expect, it } from 'vitest';
import { FIXED_TRACK_HANDLES, fileName, readTrackFile, routeFileText } from './io';
import type { AssembledRoute, Waypoint } from './types';

describe('fileName (the exported route file)', () => {
  it('keeps a decimal distance: a 10.1 km loop is loop-10.1-km, not loop-101-km', () => {
    expect(fileName('Loop 10.1 km', 'gpx')).toBe('loop-10.1-km.gpx');
    expect(fileName('Encamp 21.25 km trail', 'kml')).toBe('encamp-21.25-km-trail.kml');
  });

  it('drops every other dot, so a name cannot hide an extension or climb a path', () => {
    expect(fileName('../etc/passwd', 'gpx')).toBe('etcpasswd.gpx');
    expect(fileName('route.gpx.exe', 'gpx')).toBe('routegpxexe.gpx');
    expect(fileName('Up 5. Then 6', 'gpx')).toBe('up-5-then-6.gpx');
    expect(fileName('1..2', 'gpx')).toBe('12.gpx');
  });

  it('folds accents and punctuation, and falls back to a default name', () => {
    expect(fileName('Tour de l’Étang d’Engolasters!', 'gpx')).toBe('tour-de-letang-dengolasters.gpx');
    expect(fileName('', 'geojson')).toBe('waymark-route.geojson');
    expect(fileName('???', 'gpx')).toBe('waymark-route.gpx');
  });
});

describe('import: fixed tracks and our own GPX', () => {
  const file = (text: string, name: string) => new File([text], name);
  it('a 21-point straight track becomes 2 handles (ends), its points kept as the fixed leg', async () => {
    const pts = Array.from({ length: 21 }, (_, i) => `<trkpt lat="${42.5 + i * 0.0005}" lon="${1.5 + i * 0.0007}"/>`).join('');
    const t = await readTrackFile(
      file(`<gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${pts}</trkseg></trk></gpx>`, 'line.gpx'),
    );
    expect(t.waypoints.length).toBe(2);
    expect(t.waypoints[1]!.via!.length).toBe(19);
  });

  it('re-importing the planner’s own GPX of a 4-waypoint loop restores exactly its 5 waypoints (not ~80)', async () => {
    // a routed-looking loop: 80 points with wiggles through 4 corners
    const corners = [
      [1.5, 42.5],
      [1.512, 42.5],
      [1.512, 42.509],
      [1.5, 42.509],
      [1.5, 42.5],
    ];
    const coords: [number, number, number][] = [];
    for (let s = 0; s < 4; s++)
      for (let i = 0; i < 20; i++) {
        const t = i / 20;
        coords.push([
          corners[s]![0]! + (corners[s + 1]![0]! - corners[s]![0]!) * t + Math.sin(i) * 3e-5,
          corners[s]![1]! + (corners[s + 1]![1]! - corners[s]![1]!) * t,
          1000 + i,
        ]);
      }
    coords.push([1.5, 42.5, 1000]);
    const route: AssembledRoute = {
      coords,
      cum: coords.map((_, i) => i * 50),
      legStarts: [0, 20, 40, 60],
      stats: { distanceM: 4000, ascentM: 0, descentM: 0, timeS: 0 },
      wayTypes: {},
      surfaces: {},
    };
    const wps: Waypoint[] = [
      ...corners.map((c, i) => ({ id: `w${i}`, lon: c[0]!, lat: c[1]!, mode: i === 2 ? ('freehand' as const) : ('snap' as const) })),
    ];
    const gpx = routeFileText('gpx', route, 'Loop 4 km', '', wps);
    const back = await readTrackFile(file(gpx, 'loop-4-km.gpx'));
    expect(back.name).toBe('Loop 4 km');
    expect(back.waypoints.map((w) => [w.lon, w.lat, w.mode])).toEqual(wps.map((w, i) => [w.lon, w.lat, i === 0 ? 'snap' : w.mode]));
    // the same track from another tool (no waypoints in it): a fixed track with a few handles
    const foreign = gpx.replace(/<rte>[\s\S]*<\/rte>/, '');
    const fixed = await readTrackFile(file(foreign, 'other.gpx'));
    expect(fixed.waypoints.length).toBeGreaterThanOrEqual(4);
    expect(fixed.waypoints.length).toBeLessThanOrEqual(FIXED_TRACK_HANDLES);
  });
});
