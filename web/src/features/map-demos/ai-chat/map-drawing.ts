// What each tool result looks like on the map: routes and loops as lines (the chosen alternative
// on top), places and points of interest as labelled dots, a measurement as a dashed line.
import type { ResolvedPlace, ToolOutputs } from '@waymark/contracts/ai';
import type { Map as MlMap, PaddingOptions } from 'maplibre-gl';
import { boundsOf, EMPTY, LABEL_FONT, setOverlay, type Fc } from '../lib/overlay';

export const ROUTE_SOURCE = 'chat-route';
export const POINTS_SOURCE = 'chat-points';
export const MEASURE_SOURCE = 'chat-measure';

const ROUTE_COLOR = '#2563eb';
const ALT_COLOR = '#64748b';
const POINT_COLOR = '#dc2626';

function ensureLayers(map: MlMap) {
  if (map.getSource(ROUTE_SOURCE)) return;
  setOverlay(map, ROUTE_SOURCE, EMPTY, [
    {
      id: 'chat-route-casing',
      type: 'line',
      source: ROUTE_SOURCE,
      layout: { 'line-join': 'round', 'line-cap': 'round', 'line-sort-key': ['case', ['get', 'selected'], 2, 1] },
      paint: { 'line-color': '#ffffff', 'line-width': ['case', ['get', 'selected'], 8, 6], 'line-opacity': 0.9 },
    },
    {
      id: 'chat-route-line',
      type: 'line',
      source: ROUTE_SOURCE,
      layout: { 'line-join': 'round', 'line-cap': 'round', 'line-sort-key': ['case', ['get', 'selected'], 2, 1] },
      paint: {
        'line-color': ['case', ['get', 'selected'], ROUTE_COLOR, ALT_COLOR],
        'line-width': ['case', ['get', 'selected'], 5, 3],
        'line-opacity': ['case', ['get', 'selected'], 1, 0.75],
      },
    },
  ]);
  {
    setOverlay(map, MEASURE_SOURCE, EMPTY, [
      {
        id: 'chat-measure-line',
        type: 'line',
        source: MEASURE_SOURCE,
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: { 'line-color': '#7c3aed', 'line-width': 3, 'line-dasharray': [2, 1.5] },
      },
    ]);
  }
  {
    setOverlay(map, POINTS_SOURCE, EMPTY, [
      {
        id: 'chat-points-dot',
        type: 'circle',
        source: POINTS_SOURCE,
        paint: {
          'circle-radius': ['case', ['get', 'primary'], 8, 6],
          'circle-color': ['case', ['get', 'start'], '#16a34a', POINT_COLOR],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
      {
        id: 'chat-points-label',
        type: 'symbol',
        source: POINTS_SOURCE,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': LABEL_FONT,
          'text-size': 12,
          'text-offset': [0, 1.3],
          'text-anchor': 'top',
          'text-optional': true,
        },
        paint: { 'text-color': '#111827', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ]);
  }
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

function set(map: MlMap, id: string, data: Fc) {
  ensureLayers(map);
  setOverlay(map, id, data, []);
}

const placeLabel = (p: ResolvedPlace) => (p.source === 'here' ? 'Here' : p.name);

export interface DrawOptions {
  /** the chosen loop alternative */
  alternative?: number;
  padding?: PaddingOptions;
  /** move the camera to the result (false when only re-highlighting) */
  move?: boolean;
}

/** Draw a tool's result; returns the route line now on the map (for show_elevation), if any. */
export function drawResult(map: MlMap, name: string, output: unknown, opts: DrawOptions = {}): [number, number][] | undefined {
  const move = opts.move !== false;
  const padding = opts.padding ?? { top: 60, bottom: 60, left: 60, right: 60 };
  const fit = (pts: readonly (readonly number[])[], maxZoom = 15) => {
    const b = boundsOf(pts);
    if (b && move) map.fitBounds(b, { padding, maxZoom, duration: 800 });
  };
  switch (name) {
    case 'fly_to': {
      const r = output as ToolOutputs['fly_to'];
      set(map, POINTS_SOURCE, {
        type: 'FeatureCollection',
        features: [point({ ...r.place, name: placeLabel(r.place) }, { primary: true })],
      });
      if (move) map.flyTo({ center: [r.place.lon, r.place.lat], zoom: r.zoom, padding, duration: 1200, essential: true });
      return undefined;
    }
    case 'find_place': {
      const r = output as ToolOutputs['find_place'];
      set(map, POINTS_SOURCE, { type: 'FeatureCollection', features: r.places.map((p, i) => point(p, { primary: i === 0 })) });
      return undefined;
    }
    case 'plan_route': {
      const r = output as ToolOutputs['plan_route'];
      set(map, ROUTE_SOURCE, { type: 'FeatureCollection', features: [line(r.coords, { selected: true })] });
      set(map, POINTS_SOURCE, {
        type: 'FeatureCollection',
        features: [
          point({ ...r.from, name: placeLabel(r.from) }, { start: true, primary: true }),
          ...r.via.map((v) => point(v)),
          point({ ...r.to, name: placeLabel(r.to) }, { primary: true }),
        ],
      });
      fit(r.coords);
      return r.coords.map((c) => [c[0], c[1]]);
    }
    case 'generate_loop': {
      const r = output as ToolOutputs['generate_loop'];
      const sel = Math.min(opts.alternative ?? 0, Math.max(0, r.alternatives.length - 1));
      set(map, ROUTE_SOURCE, {
        type: 'FeatureCollection',
        features: r.alternatives.map((a, i) => line(a.coords, { selected: i === sel, alternative: i })),
      });
      set(map, POINTS_SOURCE, {
        type: 'FeatureCollection',
        features: [point({ ...r.start, name: placeLabel(r.start) }, { start: true, primary: true })],
      });
      fit(r.alternatives.flatMap((a) => a.coords));
      return r.alternatives[sel]?.coords.map((c) => [c[0], c[1]]);
    }
    case 'find_nearby': {
      const r = output as ToolOutputs['find_nearby'];
      set(map, POINTS_SOURCE, {
        type: 'FeatureCollection',
        features: [
          point({ ...r.near, name: placeLabel(r.near) }, { start: true }),
          ...r.results.map((p, i) => point(p, { primary: i === 0 })),
        ],
      });
      fit([[r.near.lon, r.near.lat], ...r.results.map((p) => [p.lon, p.lat])], 16);
      return undefined;
    }
    case 'measure_distance': {
      const r = output as ToolOutputs['measure_distance'];
      set(map, MEASURE_SOURCE, {
        type: 'FeatureCollection',
        features: [
          line(
            [
              [r.from.lon, r.from.lat],
              [r.to.lon, r.to.lat],
            ],
            {},
          ),
        ],
      });
      set(map, POINTS_SOURCE, {
        type: 'FeatureCollection',
        features: [
          point({ ...r.from, name: placeLabel(r.from) }, { start: true, primary: true }),
          point({ ...r.to, name: placeLabel(r.to) }, { primary: true }),
        ],
      });
      fit([
        [r.from.lon, r.from.lat],
        [r.to.lon, r.to.lat],
      ]);
      return undefined;
    }
    default:
      return undefined;
  }
}
