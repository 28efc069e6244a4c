import { describe, expect, it } from 'vitest';
import { fileName } from './io';

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
