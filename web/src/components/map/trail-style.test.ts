import { describe, expect, it } from 'vitest';
import { poiIconSpec } from './poi-icons';
import { regionStyle } from './style';
import { TRAIL_POI_KINDS, trailColours } from './trail-style';

const style = (dark: boolean) => regionStyle({ region: 'andorra', dark, origin: '', hillshade: true });

describe('the trail layers in the region style', () => {
  it('draws paths dashed, tracks solid and steps as ticks, on a casing, above the roads and under every label', () => {
    for (const dark of [false, true]) {
      const layers = style(dark).layers;
      const ids = layers.map((l) => l.id);
      const firstSymbol = layers.findIndex((l) => l.type === 'symbol');
      const lastRoad = ids.findLastIndex((id) => id.startsWith('roads_') && layers[ids.indexOf(id)]!.type === 'line');
      for (const id of ['trail-casing', 'trail-track', 'trail-path', 'trail-steps']) {
        expect(ids.indexOf(id), id).toBeGreaterThan(lastRoad);
        expect(ids.indexOf(id), id).toBeLessThan(firstSymbol);
      }
      expect(ids.indexOf('trail-casing')).toBeLessThan(ids.indexOf('trail-path'));
      const paint = (id: string) => layers.find((l) => l.id === id)!.paint as Record<string, unknown>;
      expect(paint('trail-path')['line-dasharray']).toBeDefined();
      expect(paint('trail-track')['line-dasharray']).toBeUndefined();
      // coloured by difficulty where the pack has sac_scale, else in the way type's colour
      const colour = paint('trail-path')['line-color'] as unknown[];
      expect(colour[0]).toBe('match');
      expect(colour.at(-1)).toBe(trailColours(dark).path);
      expect(colour).toContain(trailColours(dark).alpine);
      expect(colour).toContain(trailColours(dark).mountain);
      expect((paint('trail-track')['line-color'] as unknown[]).at(-1)).toBe(trailColours(dark).track);
      expect(paint('trail-casing')['line-color']).toBe(trailColours(dark).casing);
    }
    // light and dark differ: a light-on-dark line in the dark flavour
    expect(trailColours(true).path).not.toBe(trailColours(false).path);
  });

  it('shows water, toilets, huts, shelters, viewpoints and peaks with their heights, and takes them out of the basemap’s own POI layer', () => {
    const layers = style(false).layers;
    const pois = layers.find((l) => l.id === 'trail-pois')!;
    expect(layers.at(-1)!.id).toBe('trail-pois');
    for (const k of ['drinking_water', 'toilets', 'alpine_hut', 'shelter', 'viewpoint', 'peak']) expect(TRAIL_POI_KINDS).toContain(k);
    const text = JSON.stringify((pois.layout as Record<string, unknown>)['text-field']);
    expect(text).toContain('"elevation"');
    expect(text).toContain('" m"');
    const basemapPois = JSON.stringify((layers.find((l) => l.id === 'pois') as { filter?: unknown }).filter);
    expect(basemapPois).toContain('"!"');
    expect(basemapPois).toContain('"alpine_hut"');
  });

  it('has an icon for every trail POI kind and for the food kinds the sprite sheet lacks', () => {
    for (const k of [...TRAIL_POI_KINDS, 'restaurant', 'cafe', 'bar', 'fast_food']) {
      const spec = poiIconSpec(k);
      expect(spec.category, k).not.toBe('other');
      expect(spec.glyph, k).not.toBeNull();
    }
    expect(poiIconSpec('cafe').colour).toBe(poiIconSpec('restaurant').colour);
    expect(poiIconSpec('something-new')).toMatchObject({ category: 'other', glyph: null });
  });
});
