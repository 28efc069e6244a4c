// The map kit: what a page needs to show a region map and draw on it. Everything here is light;
// MapLibre itself loads lazily with the first <RegionMap> (region-map-impl.tsx).
export { RegionMap, preloadRegionMap, type RegionMapProps } from './region-map';
export { MapContext, useMap } from './context';
export { GeoJsonSource, useSourceId, type GeoJsonSourceProps, type GeoJsonData } from './geojson-source';
export { MapLayer, type MapLayerProps } from './map-layer';
export { useDarkMode } from './use-dark-mode';
export { fetchRegions, type RegionInfo } from './regions';
export { afterFirstMapFrame, afterFirstMapFrameIfAny, expectMapFrame } from './first-frame';
export { useMapInsets } from './use-map-insets';
export { framePadding, overlayPadding, fitTo, type Padding, type Rect } from './frame';
export { mapByHandle, type WaymarkTestHooks } from './map-handle';
export { useTerrain } from './use-terrain';
export { createCameraSync, useCameraSync, type Camera, type CameraSync, type SyncableMap } from './camera-sync';
