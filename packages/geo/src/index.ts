/** @waymark/geo — pure TypeScript geo logic shared by the server and the browser (Web Worker). */
export { EARTH_RADIUS_M, haversine, haversineLL } from './distance.ts';
export {
  buildRunningGraph,
  withContractionRank,
  GRAPH_FORMAT_VERSION,
  type BuildOptions,
  type GraphBuildInput,
  type OsmWayInput,
} from './graph/build.ts';
export { ElevationGrid } from './elevation/grid.ts';
export { RunningGraph, GraphFormatError, type BBox, type LonLat } from './graph/graph.ts';
export { withHierarchyOrder } from './routing/ch.ts';
export {
  GreenIndex,
  isGreenArea,
  isWatersideArea,
  isWatersideLine,
  GREEN_TAGS,
  GREEN_SAMPLE_M,
  WATERSIDE_M,
  type GreenAreas,
  type GreenPolygon,
  type WaterLines,
} from './graph/green.ts';
export { WAY_CLASS_NAMES, SURFACE_NAMES, wayProfile, type WayClassName, type SurfaceName, type WayProfile } from './graph/profile.ts';
export { SnapIndex, type Snap } from './routing/snap.ts';
export {
  Router,
  classMultipliers,
  greenMultiplier,
  type PathResult,
  type PathStep,
  type RoutePreferences,
  type SearchOptions,
} from './routing/search.ts';
export { denseHeat, edgeHeat, popularMetres, popularMultiplier, POPULAR_PENALTY, type HeatOptions } from './routing/popularity.ts';
export {
  RoutePlanner,
  RouteError,
  elevationProfile,
  type ElevationSampler,
  type LegMode,
  type Position,
  type ProfilePoint,
  type RouteLeg,
  type RouteRequest,
  type RouteResult,
} from './routing/planner.ts';
export {
  MAX_WAYPOINTS,
  MAX_VIA_POINTS,
  REGION_MARGIN_M,
  LOOP_ALTERNATIVES,
  MAX_LOOP_ALTERNATIVES,
  LOOP_DISTANCE_KM,
  PACE_SEC_PER_KM,
} from './planner/limits.ts';
export {
  PlanningEngine,
  OutsideRegionError,
  plannedRoute,
  plannedLoop,
  elevationOf,
  type PlannedRoute,
  type PlannedLoop,
  type PlannedPoint,
  type PlannedStats,
  type PlanWaypoint,
  type LoopOptions,
} from './planner/engine.ts';
export {
  GRADE_CLASSES,
  gradeClassOf,
  gradeRanges,
  bandRanges,
  sliceLine,
  routeSplits,
  type GradeClass,
  type BandKind,
  type DistanceRange,
  type Split,
} from './planner/analysis.ts';
export type { RouteSegment } from './routing/planner.ts';
export { LoopGenerator, mulberry32, retraced, busyShare, BUSY_CLASSES, type LoopRequest, type LoopResult } from './routing/loop.ts';
export {
  DEFAULT_ELEVATION_THRESHOLD_M,
  filteredClimb,
  routeClimb,
  rawClimb,
  fillElevation,
  resample,
  resampleEven,
  smooth,
  type Climb,
} from './elevation/filter.ts';
export { elevationExtent, type ElevationExtent } from './elevation/extent.ts';
export { toblerPaceFactor, movingTime, gradeSeries } from './elevation/time.ts';
export * from './units.ts';
export {
  toGpx,
  toKml,
  toGeoJson,
  exportTrack,
  importTrack,
  detectFormat,
  trackToWaypoints,
  trackToFixedWaypoints,
  GPX_WAYPOINTS_TYPE,
  type TrackWaypoint,
  lineLength,
  TrackImportError,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_POINTS,
  type TrackData,
  type TrackFormat,
  type TrackPoint,
  type ImportErrorCode,
  type ImportOptions,
} from './io/formats.ts';
export { parseXml, XmlError, type XmlElement } from './io/xml.ts';
export {
  featuresToKml,
  featuresToGpx,
  featuresToGeoJson,
  exportFeatures,
  parseFeatureFile,
  detectFeatureFormat,
  FeatureFileError,
  FEATURE_MEDIA_TYPES,
  MAX_FEATURE_FILE_BYTES,
  MAX_FILE_FEATURES,
  type FeatureFormat,
  type FeatureGeometry,
  type GeoFeature,
  type GeoFeatureCollection,
  type ParsedFeature,
  type ParsedFeatureFile,
  type FeatureFileErrorCode,
} from './io/features.ts';
export {
  encodePolyline,
  decodePolyline,
  encodePolyline3,
  decodePolyline3,
  encodeRouteGeometry,
  decodeRouteGeometry,
  PolylineError,
} from './io/polyline.ts';
export {
  editDistance,
  indexPlaces,
  normalizeName,
  searchPlaces,
  type IndexedPlace,
  type Place,
  type PlaceHit,
  type PlaceSearchOptions,
} from './places.ts';
