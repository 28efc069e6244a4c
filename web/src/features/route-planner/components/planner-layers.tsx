import type { ExpressionSpecification } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { GeoJsonSource, MapLayer, afterFirstMapFrame, fitTo, useMap } from '@/components/map';
import type { GestureTarget } from '@/components/map/gestures';
import { pointAt } from '@/components/map/profile';
import { unitMetres } from '@/lib/units';
import { PlannerMapController, type MapCallbacks } from '../lib/map-controller';
import type { BandKind } from '@waymark/geo';
import {
  EMPTY,
  PLAN_SOURCES as S,
  alternativeFeatures,
  bandFeatures,
  gradeFeatures,
  hoverFeatures,
  markerFeatures,
  markerZoomFilter,
  previewWaypoints,
  routeFeatures,
  shownWaypoints,
  waypointFeatures,
} from '../lib/planner-features';
import type { AssembledRoute, LoopAlternative, LonLat, Units, Waypoint } from '../lib/types';
import type { RouteAnswerListener } from '../lib/use-planner';
import type { GeoJsonData } from '@/components/map/geojson-source';
import { holdFramesWhileLoading } from '@/components/map/frame-hold';

interface Props extends Omit<MapCallbacks, 'onPreview'> {
  /** the plan's waypoints (what gestures edit) */
  waypoints: Waypoint[];
  /** the waypoints `route` was planned for, older than `waypoints` while an edit is routed (default: `waypoints`) */
  planned?: Waypoint[];
  route: AssembledRoute | null;
  units: Units;
  hover: number | null;
  alternatives: LoopAlternative[];
  selectedAlt: number | null;
  editable: boolean;
  /** bump to fit the map to the route (e.g. after opening a saved one) */
  fitKey: number;
  /** the last place search hit (or the user's location): flown to and marked with a labelled pin */
  flyTo: { at: LonLat; key: number; label: string } | null;
  /** colour the route by grade class */
  gradeColours?: boolean;
  /** a breakdown band whose stretches are highlighted */
  band?: { kind: BandKind; key: string } | null;
  /** subscribes to routes as they come (usePlanner's): each one's line is drawn before the planner renders it */
  onRouteAnswer?: (fn: RouteAnswerListener) => () => void;
}

const LINE_LAYOUT = { 'line-cap': 'round', 'line-join': 'round' } as const;
const FREEHAND: ExpressionSpecification = ['==', ['get', 'mode'], 'freehand'];
const KM_DOT = { 'circle-radius': 8, 'circle-color': '#ffffff', 'circle-stroke-color': '#e11d48', 'circle-stroke-width': 1.5 } as const;
/** A km marker next to a waypoint handle is drawn this far above it, so both stay readable and the handle grabbable. */
const KM_NEAR_SHIFT_PX = 20;
/** Fewer km markers at overview zooms (every 5th at z10…), so they do not hide the line. */
const MARKERS_AT_ZOOM = markerZoomFilter() as ExpressionSpecification;

/**
 * Draws the planner on the surrounding <RegionMap> — loop alternatives, the route (per leg, freehand
 * legs dashed), km/mi markers, waypoints, the profile's hover spot — and turns pointer gestures on
 * it into edits (map-controller.ts). A drag previews the waypoints here, without touching the plan.
 */
export function PlannerLayers(p: Props) {
  const loaded = useMap();
  // The planner's sources and layers join the map once its first frame (the basemap) is drawn:
  // eight GeoJSON sources' tiles would otherwise be loaded and drawn with it.
  const [framed, setFramed] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    let live = true;
    void afterFirstMapFrame(10_000).then(() => live && setFramed(true));
    return () => {
      live = false;
    };
  }, [loaded]);
  const map = framed ? loaded : null;
  const { route, waypoints, units, hover, alternatives, selectedAlt, editable, fitKey, flyTo, gradeColours = false, band = null } = p;
  const planned = p.planned ?? waypoints;
  const ctl = useRef<PlannerMapController | null>(null);
  /** a route for the waypoints on show is being planned (its answer not yet on the map) */
  const awaiting = useRef(false);
  useLayoutEffect(() => {
    awaiting.current = editable && waypoints.length >= 2 && planned !== waypoints;
  }, [editable, waypoints, planned]);
  const [preview, setPreview] = useState<{ target: GestureTarget; at: LonLat } | null>(null);
  const cbs = useRef<Props>(p);
  useEffect(() => {
    cbs.current = p;
  });

  useEffect(() => {
    if (!map) return;
    // An edit is rendered at once, inside the map's event (flushSync): its route request leaves for
    // the worker before the frame MapLibre starts on the same pointer event, so the answer is back
    // when that frame ends instead of waiting for it to start planning.
    const c = new PlannerMapController(map, {
      onAdd: (at) => flushSync(() => cbs.current.onAdd(at)),
      onMove: (id, to) => flushSync(() => cbs.current.onMove(id, to)),
      onInsert: (leg, at) => flushSync(() => cbs.current.onInsert(leg, at)),
      onDelete: (id) => flushSync(() => cbs.current.onDelete(id)),
      onHover: (d) => cbs.current.onHover(d),
      onPreview: setPreview,
    });
    ctl.current = c;
    // an edit's new handle and its route (legs, km markers, snapped handles) are drawn by the first
    // frame their tiles are in (the route, when it comes within the hold: one CH query and two
    // worker round trips)
    const unhold = holdFramesWhileLoading(map, [S.waypoints, S.route, S.markers], { awaiting: () => awaiting.current });
    map.getContainer().setAttribute('data-planner-ready', 'true');
    return () => {
      unhold();
      map.getContainer().removeAttribute('data-planner-ready');
      c.destroy();
      ctl.current = null;
      setPreview(null);
    };
  }, [map]);

  // (after the controller's creation above, in the same commit, once the map is there)
  useEffect(() => {
    const c = ctl.current;
    if (!c) return;
    c.editable = editable;
    c.setRoute(route);
    c.setWaypoints(waypoints);
  }, [map, editable, route, waypoints]);

  // A click changes the waypoints' source alone (the new handle, before MapLibre's next frame); the
  // route's legs and km markers follow the waypoints they were planned for, so they change (with the
  // snapped handles) once the route comes — not twice, with a stale route first.
  const shown = useMemo(() => shownWaypoints(waypoints, route, planned), [waypoints, route, planned]);
  const plannedShown = useMemo(() => shownWaypoints(planned, route), [planned, route]);
  // read-only (a shared route): the start and the finish, no handles in between to drag
  const waypointData = useMemo(
    () =>
      waypointFeatures(
        !editable
          ? shown.length > 1
            ? [shown[0]!, shown.at(-1)!]
            : shown
          : preview
            ? previewWaypoints(shown, preview.target, preview.at)
            : shown,
      ),
    [shown, preview, editable],
  );
  const routeData = useMemo(() => routeFeatures(route, planned), [route, planned]);
  const markerData = useMemo(() => markerFeatures(route, unitMetres(units), plannedShown), [route, units, plannedShown]);
  // A new route's legs, km markers and snapped handles, handed to the map's sources the moment the
  // route comes (see usePlanner) — what the render after the next paint computes from it, so that
  // render changes nothing on the map and asks for no frame of its own.
  const applyRoute = useRef<((data: GeoJsonData) => void) | null>(null);
  const applyMarkers = useRef<((data: GeoJsonData) => void) | null>(null);
  const applyWaypoints = useRef<((data: GeoJsonData) => void) | null>(null);
  const dragging = useRef(false);
  useEffect(() => {
    dragging.current = preview !== null;
  }, [preview]);
  const { onRouteAnswer } = p;
  useEffect(
    () =>
      onRouteAnswer?.((r, wps) => {
        awaiting.current = false;
        applyRoute.current?.(routeFeatures(r, wps));
        applyMarkers.current?.(markerFeatures(r, unitMetres(cbs.current.units), shownWaypoints(wps, r)));
        if (cbs.current.editable && !dragging.current) applyWaypoints.current?.(waypointFeatures(shownWaypoints(wps, r, wps)));
      }),
    [onRouteAnswer],
  );
  const gradeData = useMemo(() => (gradeColours ? gradeFeatures(route) : EMPTY), [route, gradeColours]);
  const bandData = useMemo(() => (band && route ? bandFeatures(route, band.kind, band.key) : EMPTY), [route, band]);
  const hoverData = useMemo(() => hoverFeatures(route && hover !== null ? pointAt(route.coords, route.cum, hover) : null), [route, hover]);
  const altData = useMemo(() => alternativeFeatures(alternatives, selectedAlt), [alternatives, selectedAlt]);

  // a new set of alternatives: show them all (picking one of them keeps the view)
  useEffect(() => {
    if (map && alternatives.length)
      fitTo(
        map,
        alternatives.flatMap((a) => a.coords),
      );
  }, [alternatives, map]);

  // Asked to frame (a route opened or imported): frame its waypoints and fixed tracks at once (an
  // imported track's whole geometry), then the route itself once it has been planned.
  const fitPending = useRef(false);
  useEffect(() => {
    if (!map || fitKey <= 0) return;
    const pts = waypoints.flatMap((w): LonLat[] => [...(w.via ?? []), [w.lon, w.lat]]);
    if (pts.length >= 2) fitTo(map, pts);
    fitPending.current = true;
    // only when asked to
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, map]);
  useEffect(() => {
    if (!map || !route || !fitPending.current) return;
    fitPending.current = false;
    fitTo(map, route.coords);
    map.getContainer().setAttribute('data-framed', String(fitKey));
    // the route that answers the request to frame
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, map]);

  useEffect(() => {
    if (flyTo && map) map.flyTo({ center: flyTo.at, zoom: Math.max(map.getZoom(), 14), duration: 600 });
  }, [flyTo, map]);
  const placeData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: flyTo
        ? [{ type: 'Feature' as const, properties: { label: flyTo.label }, geometry: { type: 'Point' as const, coordinates: flyTo.at } }]
        : [],
    }),
    [flyTo],
  );

  if (!map) return null;
  return (
    <>
      <GeoJsonSource id={S.alts} data={altData}>
        <MapLayer
          id={`${S.alts}-line`}
          type="line"
          filter={['==', ['geometry-type'], 'LineString']}
          layout={LINE_LAYOUT}
          paint={{
            'line-color': ['get', 'color'],
            'line-width': ['case', ['get', 'selected'], 6, 3.5],
            'line-opacity': ['case', ['get', 'selected'], 0.95, 0.55],
          }}
        />
        <MapLayer
          id={`${S.alts}-start`}
          type="circle"
          filter={['==', ['geometry-type'], 'Point']}
          paint={{ 'circle-radius': 9, 'circle-color': '#16a34a', 'circle-stroke-color': '#111827', 'circle-stroke-width': 2 }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={S.place} data={placeData}>
        <MapLayer
          id={`${S.place}-pin`}
          type="circle"
          paint={{ 'circle-radius': 7, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 }}
        />
        <MapLayer
          id={`${S.place}-label`}
          type="symbol"
          layout={{
            'text-field': ['get', 'label'],
            'text-size': 12,
            'text-font': ['Noto Sans Medium'],
            'text-anchor': 'top',
            'text-offset': [0, 0.9],
            'text-max-width': 12,
          }}
          paint={{ 'text-color': '#1e3a8a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={S.route} data={routeData} diffBy="leg" applyRef={applyRoute}>
        <MapLayer
          id={`${S.route}-casing`}
          type="line"
          layout={LINE_LAYOUT}
          paint={{ 'line-color': '#ffffff', 'line-width': 8, 'line-opacity': 0.9 }}
        />
        {/* every leg, the one gestures and tests query; a freehand leg is drawn dashed by the next layer */}
        <MapLayer
          id={`${S.route}-line`}
          type="line"
          layout={LINE_LAYOUT}
          paint={{ 'line-color': '#e11d48', 'line-width': 4.5, 'line-opacity': ['case', FREEHAND, 0, 1] }}
        />
        {/* A constant dash pattern, not one per feature: a data-driven `line-dasharray` makes MapLibre's
            worker ask the main thread for the dashes of every tile it lays out, so each new route
            waited for the frame being drawn to end before its tiles could come back (docs/regions.md). */}
        <MapLayer
          id={`${S.route}-freehand`}
          type="line"
          filter={FREEHAND}
          layout={LINE_LAYOUT}
          paint={{ 'line-color': '#f97316', 'line-width': 4.5, 'line-dasharray': [2, 1.5] }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={S.grade} data={gradeData}>
        <MapLayer id={`${S.grade}-line`} type="line" layout={LINE_LAYOUT} paint={{ 'line-color': ['get', 'color'], 'line-width': 5 }} />
      </GeoJsonSource>
      <GeoJsonSource id={S.band} data={bandData}>
        <MapLayer
          id={`${S.band}-casing`}
          type="line"
          layout={LINE_LAYOUT}
          paint={{ 'line-color': '#111827', 'line-width': 12, 'line-opacity': 0.85 }}
        />
        <MapLayer id={`${S.band}-line`} type="line" layout={LINE_LAYOUT} paint={{ 'line-color': '#facc15', 'line-width': 7 }} />
      </GeoJsonSource>
      <GeoJsonSource id={S.waypoints} data={waypointData} diffBy="id" applyRef={applyWaypoints}>
        <MapLayer
          id={`${S.waypoints}-dot`}
          type="circle"
          paint={{
            'circle-radius': ['case', ['get', 'end'], 9, 7],
            'circle-color': ['case', ['get', 'first'], '#16a34a', ['get', 'last'], '#dc2626', '#ffffff'],
            'circle-stroke-color': '#111827',
            'circle-stroke-width': 2,
          }}
        />
      </GeoJsonSource>
      {/* km markers above the waypoint handles; one next to a handle (`near`) is lifted above it */}
      <GeoJsonSource id={S.markers} data={markerData} diffBy="label" applyRef={applyMarkers}>
        <MapLayer id={`${S.markers}-dot`} type="circle" filter={['all', ['!', ['get', 'near']], MARKERS_AT_ZOOM]} paint={KM_DOT} />
        <MapLayer
          id={`${S.markers}-dot-near`}
          type="circle"
          filter={['all', ['get', 'near'], MARKERS_AT_ZOOM]}
          paint={{ ...KM_DOT, 'circle-translate': [0, -KM_NEAR_SHIFT_PX], 'circle-translate-anchor': 'viewport' }}
        />
        <MapLayer
          id={`${S.markers}-label`}
          type="symbol"
          filter={MARKERS_AT_ZOOM}
          layout={{
            'text-field': ['get', 'label'],
            'text-size': 10,
            'text-font': ['Noto Sans Medium'],
            'text-allow-overlap': true,
            'text-ignore-placement': true,
            // 10 px text: shifted up by KM_NEAR_SHIFT_PX with its dot
            'text-offset': ['case', ['get', 'near'], ['literal', [0, -KM_NEAR_SHIFT_PX / 10]], ['literal', [0, 0]]],
          }}
          paint={{ 'text-color': '#9f1239' }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={S.hover} data={hoverData}>
        <MapLayer
          id={`${S.hover}-dot`}
          type="circle"
          paint={{ 'circle-radius': 7, 'circle-color': '#0ea5e9', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2.5 }}
        />
      </GeoJsonSource>
    </>
  );
}
