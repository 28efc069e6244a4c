// /ui/maps/heatmap: a heatmap of real data — the points along every public route (from the
// database), or a region's points of interest by category — with radius and intensity controls.
import { HEATMAP_POI_CATEGORIES, type HeatmapPoiCategory, type HeatmapResponse } from '@waymark/contracts/maps';
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { GeoJsonSource, MapLayer, RegionMap } from '@/components/map';
import { Label } from '@/components/ui/label';
import { MapPanel, RangeField, RegionSegmented, type DemoRegion } from '../components/demo-controls';
import { DemoHeader, Segmented } from '../components/demo-header';
import { boundsOf, type Fc } from '../lib/geo';

export const HEAT_SOURCE = 'heat';
type Source = 'routes' | 'pois';
type Region = DemoRegion;

const CATEGORY_LABELS: Record<HeatmapPoiCategory, string> = {
  all: 'All points of interest',
  food: 'Food & drink',
  water: 'Drinking water',
  toilets: 'Toilets',
  peaks: 'Peaks',
  shelters: 'Shelters & huts',
  parking: 'Parking',
  sights: 'Sights',
  lodging: 'Lodging',
};

/** The colour ramp, from transparent (no density) to the hottest. */
export const HEAT_RAMP: [number, string][] = [
  [0, 'rgba(33,102,172,0)'],
  [0.15, '#2166ac'],
  [0.35, '#67a9cf'],
  [0.55, '#d1e5f0'],
  [0.7, '#fddbc7'],
  [0.85, '#ef8a62'],
  [1, '#b2182b'],
];

const fmt = new Intl.NumberFormat('en');

/** The heatmap layer (and the single points once zoomed in); the sliders change its paint in place. */
function HeatOverlay({ data, radius, intensity }: { data: Fc; radius: number; intensity: number }) {
  return (
    <GeoJsonSource id={HEAT_SOURCE} data={data}>
      <MapLayer
        id="heat"
        type="heatmap"
        maxzoom={17}
        paint={{
          'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 8, radius * 0.5, 14, radius, 17, radius * 2],
          'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 8, intensity * 0.6, 15, intensity * 2],
          'heatmap-color': ['interpolate', ['linear'], ['heatmap-density'], ...HEAT_RAMP.flat()] as never,
          'heatmap-opacity': ['interpolate', ['linear'], ['zoom'], 15, 0.85, 17, 0.4],
        }}
      />
      <MapLayer
        id="heat-points"
        type="circle"
        minzoom={15}
        paint={{
          'circle-radius': 4,
          'circle-color': '#b2182b',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
          'circle-opacity': ['interpolate', ['linear'], ['zoom'], 15, 0, 16, 1],
        }}
      />
    </GeoJsonSource>
  );
}

export function HeatmapPage() {
  const [source, setSource] = useState<Source>('routes');
  const [region, setRegion] = useState<Region>('andorra');
  const [category, setCategory] = useState<HeatmapPoiCategory>('all');
  const [radius, setRadius] = useState(18);
  const [intensity, setIntensity] = useState(1);
  const url = source === 'routes' ? '/api/maps/heatmap/routes?step=40' : `/api/maps/heatmap/pois?region=${region}&category=${category}`;
  /** the last answer and the URL it answers: shown only while that is still the choice */
  const [loaded, setLoaded] = useState<{ url: string; data: HeatmapResponse } | null>(null);
  const data = loaded?.url === url ? loaded.data : null;
  const [error, setError] = useState<string | null>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const fitted = useRef('');
  const categoryId = useId();

  useEffect(() => {
    document.title = 'Map - Heatmap';
  }, []);

  // fetch the points of the chosen source
  useEffect(() => {
    const ctrl = new AbortController();
    fetch(url, { signal: ctrl.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        setLoaded({ url, data: (await r.json()) as HeatmapResponse });
        setError(null);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError('The heatmap data could not be loaded.');
      });
    return () => ctrl.abort();
  }, [url]);

  // the points as GeoJSON (drawn by <HeatOverlay>)
  const points = useMemo<Fc | null>(
    () =>
      data && {
        type: 'FeatureCollection',
        features: data.points.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: p } })),
      },
    [data],
  );

  // frame the data when the source or region changes (not on every slider move)
  useEffect(() => {
    if (!map || !data) return;
    map.getContainer().setAttribute('data-heat-points', String(data.points.length));
    const key = `${data.source}|${source === 'pois' ? region : ''}`;
    if (fitted.current !== key && data.points.length) {
      fitted.current = key;
      const b = boundsOf(data.points);
      if (b) map.fitBounds(b, { padding: 40, maxZoom: 14, duration: 600 });
    }
  }, [map, data, source, region]);

  const mapRegion = source === 'pois' ? region : 'andorra';
  const summary = !data
    ? 'Loading…'
    : data.source === 'routes'
      ? `${fmt.format(data.points.length)} points along ${fmt.format(data.routes ?? 0)} public route${data.routes === 1 ? '' : 's'}`
      : `${fmt.format(data.points.length)} ${CATEGORY_LABELS[category].toLowerCase()}`;

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - Heatmap">
        <Segmented
          label="Data"
          value={source}
          options={[
            { value: 'routes', label: 'Public routes' },
            { value: 'pois', label: 'Points of interest' },
          ]}
          onChange={setSource}
        />
        {source === 'pois' && (
          <>
            <RegionSegmented value={region} onChange={setRegion} />
            <Label htmlFor={categoryId} className="sr-only">
              Category
            </Label>
            <select
              id={categoryId}
              value={category}
              onChange={(e) => setCategory(e.target.value as HeatmapPoiCategory)}
              className="border-input bg-background h-8 rounded-md border px-2 text-sm"
            >
              {HEATMAP_POI_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </>
        )}
      </DemoHeader>
      <div className="relative min-h-0 flex-1">
        <RegionMap region={mapRegion} className="absolute inset-0" hillshade={false} ariaLabel="Heatmap" handle="heatmap" onLoad={setMap}>
          {points && <HeatOverlay data={points} radius={radius} intensity={intensity} />}
        </RegionMap>
        <MapPanel label="Heatmap controls and legend" data-legend>
          <p aria-live="polite" className="font-medium">
            {summary}
          </p>
          {data?.source === 'routes' && data.points.length === 0 && (
            <p className="text-muted-foreground text-xs">No public routes yet: save a route as public in the planner.</p>
          )}
          <RangeField label="Radius" display={`${radius} px`} min={4} max={50} step={1} value={radius} onChange={setRadius} />
          <RangeField
            label="Intensity"
            display={`${intensity.toFixed(1)}×`}
            min={0.2}
            max={4}
            step={0.1}
            value={intensity}
            onChange={setIntensity}
          />
          <div dir="ltr">
            <div
              className="h-3 rounded-sm border"
              style={{
                background: `linear-gradient(to right, ${HEAT_RAMP.slice(1)
                  .map(([s, c]) => `${c} ${s * 100}%`)
                  .join(', ')})`,
              }}
              aria-hidden
            />
            <div className="text-muted-foreground mt-1 flex justify-between text-xs">
              <span>fewer</span>
              <span>more {source === 'routes' ? 'runners' : 'places'}</span>
            </div>
          </div>
        </MapPanel>
        {error && (
          <p role="alert" className="bg-destructive absolute bottom-10 z-10 rounded px-3 py-1 text-sm text-white ltr:left-2 rtl:right-2">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
