import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, mapCount, mapSettings, parseGridSearch, withMapSettings } from './grid-search';

describe('/grid search params', () => {
  it('defaults everything missing or bad', () => {
    expect(parseGridSearch({})).toEqual(DEFAULT_GRID);
    expect(parseGridSearch({ layout: '5x5', region: 'mars', themes: 'lxld', relief: '12', terrain: '2000', other: 1 })).toEqual(
      DEFAULT_GRID,
    );
    expect(parseGridSearch({ layout: ['2x2'], themes: 4, relief: true })).toEqual(DEFAULT_GRID);
  });

  it('keeps valid values, the relief also as the number the router parses "1011" into', () => {
    expect(parseGridSearch({ layout: '2x2', region: 'monaco', themes: 'dddl', relief: 1011, terrain: 100 })).toEqual({
      layout: '2x2',
      region: 'monaco',
      themes: 'dddl',
      relief: '1011',
      terrain: '0100',
    });
    expect(parseGridSearch({ relief: '0110' }).relief).toBe('0110');
  });

  it('counts the maps of each layout', () => {
    expect([mapCount('1x2'), mapCount('2x1'), mapCount('1x3'), mapCount('3x1'), mapCount('2x2')]).toEqual([2, 2, 3, 3, 4]);
  });

  it('reads and changes one map’s settings without touching the others', () => {
    const s = parseGridSearch({ themes: 'ldld', relief: '1000' });
    expect([0, 1, 2, 3].map((i) => mapSettings(s, i))).toEqual([
      { theme: 'light', relief: true, terrain: false },
      { theme: 'dark', relief: false, terrain: false },
      { theme: 'light', relief: false, terrain: false },
      { theme: 'dark', relief: false, terrain: false },
    ]);
    const t = withMapSettings(s, 2, { theme: 'dark', relief: true });
    expect(t).toEqual({ ...s, themes: 'lddd', relief: '1010' });
    const u = withMapSettings(t, 3, { terrain: true });
    expect(u).toEqual({ ...t, terrain: '0001' });
    expect(mapSettings(u, 3)).toEqual({ theme: 'dark', relief: false, terrain: true });
    expect(parseGridSearch(t as unknown as Record<string, unknown>)).toEqual(t);
  });
});
