// What each tool result looks like on the map: routes and loops as lines (the chosen alternative
// on top), places and points of interest as labelled dots, a measurement as a dashed line.
// `drawingFor` is pure (the next overlay data and where the camera should go); <ChatOverlays>
// draws the data with the map kit's declarative sources and layers.
import type { ResolvedPlace, ToolOutputs } from '@waymark/contracts/ai';
import type { ExpressionSpecification, Map as MlMap, PaddingOptions } from 'maplibre-gl';
import { GeoJsonSource, MapLayer } from '@/components/map';
import { boundsOf, EMPTY, LABEL_FONT, type Fc } from '../lib/geo';

export const ROUTE_SOURCE = 'chat-route';
export const POINTS_SOURCE = 'chat-points';
export const MEASURE_SOURCE = 'chat-measure';

const ROUTE_COLOR = '#2563eb';
const ALT_COLOR = '#64748b';
const POINT_COLOR = '#dc2626';

/** The chat's three overlays: route/loop lines, places, a measurement. */
export interface ChatDrawing {
  route: Fc;
  points: Fc;
  measure: Fc;
}
export const EMPTY_DRAWING: ChatDrawing = { route: EMPTY, points: EMPTY, measure: EMPTY };

/** Where the camera goes for a result. */
export type ChatCamera =
  { kind: 'fly'; center: [number, number]; zoom: number } | { kind: 'fit'; points: readonly (readonly number[])[]; maxZoom: number };

export interface Drawn {
  drawing: ChatDrawing;
  camera?: ChatCamera;
  /** the route line now on the map (for show_elevation), if the result drew one */
  line?: [number, number][];
}

const point = (p: { lon: number; lat: number; name: string }, extra: Record<string, unknown> = {}) => ({
  type: 'Feature' as const,
  properties: { name: p.name, ...extra },
  geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
});

const line = (coords: readonly (readonly number[])[], props: Record<string, unknown>) => ({
  type: 'Feature' as const,
  properties: props,
  geometry: { type: 'LineString' as const, coordinates: coords.map((c) => [c[0]!, c[1]!]) },
});

const fc = (features: Fc['features']): Fc => ({ type: 'FeatureCollection', features });

const placeLabel = (p: ResolvedPlace) => (p.source === 'here' ? 'Here' : p.name);

/** The drawing after tool `name` returned `output` (`alternative`: the chosen loop); unknown tools change nothing. */
export function drawingFor(prev: ChatDrawing, name: string, output: unknown, alternative = 0): Drawn {
  switch (name) {
    case 'fly_to': {
      const r = output as ToolOutputs['fly_to'];
      return {
        drawing: { ...prev, points: fc([point({ ...r.place, name: placeLabel(r.place) }, { primary: true })]) },
        camera: { kind: 'fly', center: [r.place.lon, r.place.lat], zoom: r.zoom },
      };
    }
    case 'find_place': {
      const r = output as ToolOutputs['find_place'];
      return { drawing: { ...prev, points: fc(r.places.map((p, i) => point(p, { primary: i === 0 }))) } };
    }
    case 'plan_route': {
      const r = output as ToolOutputs['plan_route'];
      return {
        drawing: {
          ...prev,
          route: fc([line(r.coords, { selected: true })]),
          points: fc([
            point({ ...r.from, name: placeLabel(r.from) }, { start: true, primary: true }),
            ...r.via.map((v) => point(v)),
            point({ ...r.to, name: placeLabel(r.to) }, { primary: true }),
          ]),
        },
        camera: { kind: 'fit', points: r.coords, maxZoom: 15 },
        line: r.coords.map((c) => [c[0], c[1]]),
      };
    }
    case 'generate_loop': {
      const r = output as ToolOutputs['generate_loop'];
      const sel = Math.min(alternative, Math.max(0, r.alternatives.length - 1));
      return {
        drawing: {
          ...prev,
          route: fc(r.alternatives.map((a, i) => line(a.coords, { selected: i === sel, alternative: i }))),
          points: fc([point({ ...r.start, name: placeLabel(r.start) }, { start: true, primary: true })]),
        },
        camera: { kind: 'fit', points: r.alternatives.flatMap((a) => a.coords), maxZoom: 15 },
        line: r.alternatives[sel]?.coords.map((c) => [c[0], c[1]]),
      };
    }
    case 'find_nearby': {
      const r = output as ToolOutputs['find_nearby'];
      return {
        drawing: {
          ...prev,
          points: fc([
            point({ ...r.near, name: placeLabel(r.near) }, { start: true }),
            ...r.results.map((p, i) => point(p, { primary: i === 0 })),
          ]),
        },
        camera: { kind: 'fit', points: [[r.near.lon, r.near.lat], ...r.results.map((p) => [p.lon, p.lat])], maxZoom: 16 },
      };
    }
    case 'measure_distance': {
      const r = output as ToolOutputs['measure_distance'];
      const ends = [
        [r.from.lon, r.from.lat],
        [r.to.lon, r.to.lat],
      ];
      return {
        drawing: {
          ...prev,
          measure: fc([line(ends, {})]),
          points: fc([
            point({ ...r.from, name: placeLabel(r.from) }, { start: true, primary: true }),
            point({ ...r.to, name: placeLabel(r.to) }, { primary: true }),
          ]),
        },
        camera: { kind: 'fit', points: ends, maxZoom: 15 },
      };
    }
    default:
      return { drawing: prev };
  }
}

/** Move the camera as a result asks. */
export function moveCamera(map: MlMap, camera: ChatCamera, padding: PaddingOptions = { top: 60, bottom: 60, left: 60, right: 60 }) {
  if (camera.kind === 'fly') {
    map.flyTo({ center: camera.center, zoom: camera.zoom, padding, duration: 1200 });
    return;
  }
  const b = boundsOf(camera.points);
  if (b) map.fitBounds(b, { padding, maxZoom: camera.maxZoom, duration: 800 });
}

const selectedOnTop: ExpressionSpecification = ['case', ['get', 'selected'], 2, 1];

/** The chat's overlays on the surrounding <RegionMap>: lines, then the measurement, then the places on top. */
export function ChatOverlays({ drawing }: { drawing: ChatDrawing }) {
  return (
    <>
      <GeoJsonSource id={ROUTE_SOURCE} data={drawing.route}>
        <MapLayer
          id="chat-route-casing"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round', 'line-sort-key': selectedOnTop }}
          paint={{ 'line-color': '#ffffff', 'line-width': ['case', ['get', 'selected'], 8, 6], 'line-opacity': 0.9 }}
        />
        <MapLayer
          id="chat-route-line"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round', 'line-sort-key': selectedOnTop }}
          paint={{
            'line-color': ['case', ['get', 'selected'], ROUTE_COLOR, ALT_COLOR],
            'line-width': ['case', ['get', 'selected'], 5, 3],
            'line-opacity': ['case', ['get', 'selected'], 1, 0.75],
          }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={MEASURE_SOURCE} data={drawing.measure}>
        <MapLayer
          id="chat-measure-line"
          type="line"
          filter={['==', ['geometry-type'], 'LineString']}
          paint={{ 'line-color': '#7c3aed', 'line-width': 3, 'line-dasharray': [2, 1.5] }}
        />
      </GeoJsonSource>
      <GeoJsonSource id={POINTS_SOURCE} data={drawing.points}>
        <MapLayer
          id="chat-points-dot"
          type="circle"
          paint={{
            'circle-radius': ['case', ['get', 'primary'], 8, 6],
            'circle-color': ['case', ['get', 'start'], '#16a34a', POINT_COLOR],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
        <MapLayer
          id="chat-points-label"
          type="symbol"
          layout={{
            'text-field': ['get', 'name'],
            'text-font': LABEL_FONT,
            'text-size': 12,
            'text-offset': [0, 1.3],
            'text-anchor': 'top',
            'text-optional': true,
          }}
          paint={{ 'text-color': '#111827', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
        />
      </GeoJsonSource>
    </>
  );
}
