// 3D terrain on a map from the style's own terrain source (the region pack's terrarium tiles),
// kept on across style swaps (a theme or relief change replaces the style, and with it the terrain).
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { TERRAIN_SOURCE } from './style';

/** Turn 3D terrain on (with `exaggeration`) or off on `map`; tilts a flat camera so the relief shows. */
export function useTerrain(map: MlMap | null, on: boolean, exaggeration = 1.5): void {
  useEffect(() => {
    if (!map) return;
    const apply = () => {
      try {
        if (on && map.getSource(TERRAIN_SOURCE)) {
          const cur = map.getTerrain();
          if (!cur || cur.exaggeration !== exaggeration) map.setTerrain({ source: TERRAIN_SOURCE, exaggeration });
        } else if (!on && map.getTerrain()) map.setTerrain(null);
      } catch {
        // the style is between loads: the next styledata applies it
      }
    };
    apply();
    if (on && map.getPitch() < 20) map.easeTo({ pitch: 55, duration: 600 });
    map.on('styledata', apply);
    return () => {
      map.off('styledata', apply);
    };
  }, [map, on, exaggeration]);
}
