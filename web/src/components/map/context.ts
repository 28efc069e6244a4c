import { createContext, useContext } from 'react';
import type { Map as MlMap } from 'maplibre-gl';

/** The MapLibre map of the nearest <RegionMap>, once it has loaded (null before). */
export const MapContext = createContext<MlMap | null>(null);

/** The surrounding <RegionMap>'s map instance, or null until its style has loaded. */
export function useMap(): MlMap | null {
  return useContext(MapContext);
}
