export { RegionMap, preloadRegionMap, type RegionMapProps } from './region-map';
export { MapContext, useMap } from './context';
export { useDarkMode } from './use-dark-mode';
export { fetchRegions, type RegionInfo } from './regions';
export { afterFirstMapFrame } from './first-frame';
export { useMapInsets } from './use-map-insets';
