// /ui/maps/population-density: world population from the GeoNames cities on H3 hexagons, computed
// and cached on the server; the resolution follows the zoom, a legend, a tooltip per hexagon.
import { resolutionForZoom, snapBBox, type BBox, type PopulationResponse } from '@waymark/contracts/maps';
import type { ExpressionSpecification, Map as MlMap, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { GeoJsonSource, MapLayer, RegionMap, type GeoJsonData } from '@/components/map';
import { cn } from '@/lib/utils';
import { StepLegend } from '../components/demo-controls';
import { DemoHeader } from '../components/demo-header';

export const POPULATION_SOURCE = 'population';
export const ATTRIBUTION = 'Population: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/** Legend classes: people per km² → colour (a sequential ramp readable in light and dark). */
export const DENSITY_STOPS: [number, string][] = [
  [0, '#fff5b8'],
  [5, '#fed976'],
  [20, '#feb24c'],
  [50, '#fd8d3c'],
  [100, '#fc4e2a'],
  [250, '#e31a1c'],
  [500, '#bd0026'],
  [1000, '#800026'],
  [2500, '#4a0033'],
];

const fillColor: ExpressionSpecification = [
  'step',
  ['get', 'density'],
  DENSITY_STOPS[0]![1],
  ...DENSITY_STOPS.slice(1).flatMap(([v, c]) => [v, c] as [number, string]),
];

const fmt = new Intl.NumberFormat('en');
const fmtDensity = (d: number) => (d >= 10 ? fmt.format(Math.round(d)) : d.toFixed(1));

interface Hover {
  x: number;
  y: number;
  /** the map's width, to keep the tooltip inside it */
  width: number;
  population: number;
  density: number;
  cities: number;
  top: [string, string, number][];
}

/** The visible box of the map, clamped to the world (a wrapped world view becomes the whole world). */
export function viewBox(map: MlMap): BBox {
  const b = map.getBounds();
  let w = b.getWest();
  let e = b.getEast();
  if (e - w >= 360) [w, e] = [-180, 180];
  w = Math.max(-180, w);
  e = Math.min(180, e);
  if (w >= e) [w, e] = [-180, 180];
  return [w, Math.max(-85, b.getSouth()), e, Math.min(85, b.getNorth())];
}

export function PopulationPage() {
  const mapRef = useRef<MlMap | null>(null);
  const [info, setInfo] = useState<{ resolution: number; count: number; population: number; truncated: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [cells, setCells] = useState<PopulationResponse | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  const lastUrl = useRef('');

  useEffect(() => {
    document.title = 'Map - Population Density';
    return () => ctrl.current?.abort();
  }, []);

  // the resolution drawn, for the browser tests (set with the data, in the same commit)
  useEffect(() => {
    if (cells) mapRef.current?.getContainer().setAttribute('data-population-res', String(cells.resolution));
  }, [cells]);

  function load(map: MlMap) {
    const res = resolutionForZoom(map.getZoom());
    const bbox = snapBBox(viewBox(map));
    const url = `/api/maps/population?bbox=${bbox.join(',')}&res=${res}`;
    if (url === lastUrl.current) return;
    lastUrl.current = url;
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setLoading(true);
    fetch(url, { signal: c.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const fc = (await r.json()) as PopulationResponse;
        if (c.signal.aborted) return;
        setCells(fc);
        setInfo({ resolution: fc.resolution, count: fc.count, population: fc.population, truncated: fc.truncated });
        setError(null);
      })
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        lastUrl.current = '';
        setError('The population data could not be loaded.');
      })
      .finally(() => {
        if (ctrl.current === c) setLoading(false);
      });
  }

  function onLoad(map: MlMap) {
    mapRef.current = map;
    load(map);
    map.on('moveend', () => load(map));
    const move = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      if (!f) return;
      const p = f.properties as { population: number; density: number; cities: number; top: string };
      let top: [string, string, number][] = [];
      try {
        top = JSON.parse(p.top) as [string, string, number][];
      } catch {
        top = [];
      }
      map.getCanvas().style.cursor = 'pointer';
      setHover({
        x: e.point.x,
        y: e.point.y,
        width: map.getContainer().clientWidth,
        population: Number(p.population),
        density: Number(p.density),
        cities: Number(p.cities),
        top,
      });
    };
    map.on('mousemove', 'population-fill', move);
    map.on('click', 'population-fill', move);
    map.on('mouseleave', 'population-fill', () => {
      map.getCanvas().style.cursor = '';
      setHover(null);
    });
  }

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - Population Density">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {loading
            ? 'Loading…'
            : info
              ? `H3 resolution ${info.resolution} · ${fmt.format(info.count)} hexagons · ${fmt.format(info.population)} people in view`
              : ''}
        </p>
      </DemoHeader>
      <div className="relative min-h-0 flex-1">
        <RegionMap
          region="andorra"
          className="absolute inset-0"
          hillshade={false}
          initialView={{ center: [10, 30], zoom: 1.6 }}
          ariaLabel="World population density map"
          handle="population-density"
          onLoad={onLoad}
        >
          {cells && (
            <GeoJsonSource id={POPULATION_SOURCE} data={cells as unknown as GeoJsonData} options={{ attribution: ATTRIBUTION }}>
              <MapLayer id="population-fill" type="fill" paint={{ 'fill-color': fillColor, 'fill-opacity': 0.72 }} />
              <MapLayer id="population-outline" type="line" paint={{ 'line-color': '#7f1d1d', 'line-width': 0.4, 'line-opacity': 0.5 }} />
            </GeoJsonSource>
          )}
        </RegionMap>
        {hover && (
          <div
            role="tooltip"
            className="bg-popover text-popover-foreground pointer-events-none absolute z-10 max-w-64 rounded-md border px-3 py-2 text-xs shadow-md"
            style={{ left: Math.max(4, Math.min(hover.x + 14, hover.width - 260)), top: hover.y + 14 }}
            data-population-tooltip
          >
            <p className="font-medium">
              {fmt.format(hover.population)} people · {fmtDensity(hover.density)}/km²
            </p>
            <p className="text-muted-foreground">
              {hover.cities} {hover.cities === 1 ? 'city' : 'cities'}; largest:
            </p>
            <ul>
              {hover.top.map(([name, country, pop]) => (
                <li key={`${name}-${country}`}>
                  {name} ({country}) <span className="text-muted-foreground">{fmt.format(pop)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <section
          aria-label="Legend"
          className="bg-background/95 absolute bottom-8 z-10 rounded-md border p-3 text-xs shadow-sm ltr:left-2 rtl:right-2"
          data-legend
        >
          <h2 className="mb-1 font-medium">People per km²</h2>
          <StepLegend stops={DENSITY_STOPS} format={(v) => fmt.format(v)} />
          <p className="text-muted-foreground mt-2 max-w-48">
            Cities with ≥ 1000 people: GeoNames (CC BY 4.0), binned on H3 hexagons
            {info?.truncated ? '; the most populated hexagons only' : ''}.
          </p>
        </section>
        {error && (
          <p
            role="alert"
            className={cn(
              'bg-destructive text-destructive-foreground absolute top-2 z-10 rounded px-3 py-1 text-sm ltr:left-2 rtl:right-2',
            )}
          >
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
