import { describe, expect, it } from 'vitest';
import { MAX_MEASURE_POINTS, type LonLat } from './measure';
import { decodeLine, encodeLine, parseViewSearch, viewToSearch } from './view-search';

const LINE: LonLat[] = [
  [1.5211, 42.5063],
  [1.5335, 42.5095],
  [1.5402, 42.5045],
];

describe('single-page view in the URL', () => {
  it('keeps a full valid view, from numbers or numeric strings', () => {
    const line = encodeLine(LINE);
    expect(
      parseViewSearch({ region: 'monaco', lng: '7.42', lat: 43.73, zoom: '15.5', bearing: -30, pitch: '45', theme: 'dark', line }),
    ).toEqual({ region: 'monaco', lng: 7.42, lat: 43.73, zoom: 15.5, bearing: -30, pitch: 45, theme: 'dark', line });
  });

  it('drops each bad value on its own and ignores unknown keys', () => {
    expect(
      parseViewSearch({
        region: 'atlantis',
        lng: 1.5,
        lat: 42.5,
        zoom: 99,
        bearing: 'north',
        pitch: -5,
        theme: 'sepia',
        line: 'not a line!',
        evil: '<script>',
      }),
    ).toEqual({ lng: 1.5, lat: 42.5 });
    expect(parseViewSearch({ zoom: Infinity, lng: NaN, lat: 42 })).toEqual({});
    expect(parseViewSearch({ lng: [1], lat: { a: 1 }, zoom: '', theme: 5 })).toEqual({});
  });

  it('needs both coordinates of the centre', () => {
    expect(parseViewSearch({ lng: 1.5, zoom: 12 })).toEqual({ zoom: 12 });
    expect(parseViewSearch({ lat: 200, lng: 1.5 })).toEqual({});
  });

  it('round-trips the measured line, and refuses lines out of the world or too long', () => {
    const back = decodeLine(encodeLine(LINE))!;
    back.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(LINE[i]![0], 5);
      expect(p[1]).toBeCloseTo(LINE[i]![1], 5);
    });
    expect(decodeLine('')).toBeNull();
    expect(decodeLine('_')).toBeNull(); // truncated
    expect(decodeLine(encodeLine([[0, 89]]))).toBeNull();
    const tooMany = Array.from({ length: MAX_MEASURE_POINTS + 1 }, (_, i) => [i / 100, 0] as LonLat);
    expect(decodeLine(encodeLine(tooMany))).toBeNull();
    expect(parseViewSearch({ line: encodeLine(tooMany) })).toEqual({});
  });

  it('writes the view rounded, leaving defaults out, and reads it back', () => {
    const s = viewToSearch({
      region: 'andorra',
      center: [1.523456789, 42.507512345],
      zoom: 14.56789,
      bearing: 0,
      pitch: 0,
      theme: 'auto',
      line: [],
    });
    expect(s).toEqual({ region: 'andorra', lng: 1.52346, lat: 42.50751, zoom: 14.57 });
    const full = viewToSearch({ region: 'monaco', center: [7.42, 43.73], zoom: 15, bearing: 12.34, pitch: 40, theme: 'light', line: LINE });
    expect(parseViewSearch(full as Record<string, unknown>)).toEqual(full);
    expect(full.bearing).toBe(12.3);
    expect(decodeLine(full.line!)).toHaveLength(3);
  });
});
