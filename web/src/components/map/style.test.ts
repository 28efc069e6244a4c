import { namedFlavor } from '@protomaps/basemaps';
import { describe, expect, it } from 'vitest';
import { FONT_STACKS, OSM_ATTRIBUTION, glyphUrls, regionStyle } from './style';

describe('regionStyle', () => {
  it('points at our own server for tiles, glyphs and sprites', () => {
    const s = regionStyle({ region: 'andorra', dark: false, origin: 'http://127.0.0.1:3000', hillshade: true });
    expect(s.glyphs).toBe('http://127.0.0.1:3000/assets/fonts/{fontstack}/{range}.pbf');
    expect(s.sprite).toBe('http://127.0.0.1:3000/assets/sprites/light');
    expect(s.sources.protomaps).toMatchObject({
      type: 'vector',
      url: 'pmtiles://http://127.0.0.1:3000/tiles/andorra/basemap.pmtiles',
      attribution: OSM_ATTRIBUTION,
    });
    expect(s.sources.terrain).toMatchObject({ type: 'raster-dem', encoding: 'terrarium' });
  });

  it('uses the flavour colours, water as background and hillshade under the water', () => {
    const dark = regionStyle({ region: 'monaco', dark: true, origin: '', hillshade: true });
    expect(dark.sprite).toBe('/assets/sprites/dark');
    const bg = dark.layers.find((l) => l.type === 'background')!;
    expect((bg.paint as Record<string, unknown>)['background-color']).toBe(namedFlavor('dark').water);
    const ids = dark.layers.map((l) => l.id);
    expect(ids.indexOf('hillshade')).toBeLessThan(ids.indexOf('water'));
    expect(ids).toContain('roads_major');
    const flat = regionStyle({ region: 'monaco', dark: false, origin: '', hillshade: false });
    expect(flat.layers.map((l) => l.id)).not.toContain('hillshade');
  });

  it('keeps land as land outside the region: the pack’s world zooms, overzoomed, under everything', () => {
    const s = regionStyle({ region: 'andorra', dark: false, origin: 'http://h', hillshade: true, version: 'abc' });
    expect(s.sources.world).toEqual({
      type: 'vector',
      tiles: ['pmtiles://http://h/tiles/andorra/basemap.pmtiles?v=abc/{z}/{x}/{y}'],
      maxzoom: 6,
    });
    const ids = s.layers.map((l) => l.id);
    expect(ids.indexOf('world-earth')).toBe(ids.indexOf('background') + 1);
    const world = s.layers.find((l) => l.id === 'world-earth')!;
    expect(world).toMatchObject({ type: 'fill', source: 'world', 'source-layer': 'earth', minzoom: 7 });
    expect((world.paint as Record<string, unknown>)['fill-color']).toBe(namedFlavor('light').earth);
  });

  it('prefetches the glyphs of exactly the font stacks its labels use', () => {
    // text-font may be an expression (e.g. a `case` per script): take every font name in it
    const used = new Set<string>();
    for (const dark of [false, true]) {
      const fonts = regionStyle({ region: 'andorra', dark, origin: '', hillshade: true }).layers.map((l) =>
        l.type === 'symbol' ? JSON.stringify(l.layout?.['text-font'] ?? []) : '',
      );
      for (const m of fonts.join(' ').matchAll(/"(Noto [^"]+)"/g)) used.add(m[1]!);
    }
    expect([...used].sort()).toEqual([...FONT_STACKS].sort());
    expect(glyphUrls('http://h')).toContain('http://h/assets/fonts/Noto%20Sans%20Regular/0-255.pbf');
  });
});
