// /ui/maps/3d-buildings: the pack's buildings extruded (height, else levels × 3 m, else the
// default), coloured by height with a legend; the light follows the colour mode; pitch and
// bearing controls.
import type { ExpressionSpecification, Map as MlMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { MapLayer, RegionMap, useDarkMode } from '@/components/map';
import { BASEMAP_SOURCE } from '@/components/map/style';
import { Button } from '@/components/ui/button';
import { MapPanel, RangeField, RegionSegmented, StepLegend } from '../components/demo-controls';
import { DemoHeader } from '../components/demo-header';

export const BUILDINGS_LAYER = 'buildings-3d';
/** The builder's default for untagged buildings (packages/regions DEFAULT_BUILDING_HEIGHT). */
export const DEFAULT_HEIGHT_M = 6;
const METRES_PER_LEVEL = 3;

/** Height classes of the legend and the extrusion colour. */
export const HEIGHT_STOPS: [number, string][] = [
  [0, '#e0e7ff'],
  [8, '#a5b4fc'],
  [15, '#818cf8'],
  [30, '#6366f1'],
  [60, '#4338ca'],
  [120, '#312e81'],
];

const height: ExpressionSpecification = [
  'coalesce',
  ['to-number', ['get', 'height'], null],
  ['*', ['to-number', ['get', 'building:levels'], null], METRES_PER_LEVEL],
  DEFAULT_HEIGHT_M,
] as unknown as ExpressionSpecification;
const base: ExpressionSpecification = ['coalesce', ['to-number', ['get', 'min_height'], null], 0] as unknown as ExpressionSpecification;

const REGIONS = {
  monaco: { center: [7.4255, 43.7372] as [number, number], zoom: 15.6 },
  andorra: { center: [1.5218, 42.5078] as [number, number], zoom: 16 },
};

/** Hide the basemap's flat buildings (the extrusions replace them); returns the first label layer (the extrusions go under it). */
export function hideFlatBuildings(map: MlMap): string | undefined {
  const style = map.getStyle();
  for (const l of style.layers) {
    if ('source-layer' in l && l['source-layer'] === 'buildings' && l.id !== BUILDINGS_LAYER && l.layout?.visibility !== 'none')
      map.setLayoutProperty(l.id, 'visibility', 'none');
  }
  return style.layers.find((l) => l.type === 'symbol')?.id;
}

/** The extruded buildings from the basemap's `buildings` layer, coloured by height. */
function BuildingsLayer({ beforeId }: { beforeId?: string }) {
  return (
    <MapLayer
      id={BUILDINGS_LAYER}
      type="fill-extrusion"
      source={BASEMAP_SOURCE}
      source-layer="buildings"
      minzoom={13}
      beforeId={beforeId}
      paint={{
        'fill-extrusion-height': height,
        'fill-extrusion-base': base,
        'fill-extrusion-color': ['interpolate', ['linear'], height, ...HEIGHT_STOPS.flat()] as unknown as ExpressionSpecification,
        'fill-extrusion-opacity': 0.92,
        'fill-extrusion-vertical-gradient': true,
      }}
    />
  );
}

export function BuildingsPage() {
  const [region, setRegion] = useState<'monaco' | 'andorra'>('monaco');
  const [map, setMap] = useState<MlMap | null>(null);
  const [firstLabel, setFirstLabel] = useState<string | undefined>(undefined);
  const [pitch, setPitch] = useState(58);
  const [bearing, setBearing] = useState(-25);
  const [stats, setStats] = useState<{ count: number; distinct: number } | null>(null);
  const dark = useDarkMode();

  useEffect(() => {
    document.title = 'Map - 3D Buildings';
  }, []);

  // the extrusions and the light (a low warm sun in light mode, a dim cool moon in dark mode),
  // again after every style swap (theme or region)
  useEffect(() => {
    if (!map) return;
    const light = dark
      ? { anchor: 'map' as const, color: '#c7d2fe', intensity: 0.3, position: [1.3, 250, 40] as [number, number, number] }
      : { anchor: 'map' as const, color: '#fff7ed', intensity: 0.55, position: [1.5, 210, 35] as [number, number, number] };
    // not gated on map.isStyleLoaded(), which is false while any tile loads: a style between
    // loads throws, and the next styledata tries again
    const ensure = () => {
      if (!map.getStyle()) return;
      try {
        const label = hideFlatBuildings(map);
        setFirstLabel((l) => (l === label ? l : label));
        const cur = map.getLight();
        if (cur?.color !== light.color) map.setLight(light);
      } catch {
        // the style is between loads
      }
    };
    ensure();
    map.on('styledata', ensure);
    return () => {
      map.off('styledata', ensure);
    };
  }, [map, dark]);

  // sliders ↔ camera
  useEffect(() => {
    if (!map) return;
    const sync = () => {
      setPitch(Math.round(map.getPitch()));
      setBearing(Math.round(map.getBearing()));
    };
    const count = () => {
      if (!map.getLayer(BUILDINGS_LAYER)) return;
      const fs = map.queryRenderedFeatures({ layers: [BUILDINGS_LAYER] });
      const heights = new Set(fs.map((f) => Number(f.properties.height ?? DEFAULT_HEIGHT_M)));
      setStats({ count: new Set(fs.map((f) => f.id ?? JSON.stringify(f.geometry).slice(0, 60))).size, distinct: heights.size });
    };
    map.on('pitchend', sync);
    map.on('rotateend', sync);
    map.on('idle', count);
    return () => {
      map.off('pitchend', sync);
      map.off('rotateend', sync);
      map.off('idle', count);
    };
  }, [map]);

  const choose = (r: 'monaco' | 'andorra') => {
    setRegion(r);
    map?.once('styledata', () => map.jumpTo({ ...REGIONS[r], pitch, bearing }));
  };

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - 3D Buildings">
        <RegionSegmented value={region} order={['monaco', 'andorra']} onChange={choose} />
      </DemoHeader>
      <div className="relative min-h-0 flex-1">
        <RegionMap
          region={region}
          className="absolute inset-0"
          hillshade={false}
          initialView={REGIONS.monaco}
          ariaLabel="3D buildings map"
          handle="3d-buildings"
          onLoad={(m) => {
            m.jumpTo({ pitch: 58, bearing: -25 });
            setMap(m);
          }}
        >
          <BuildingsLayer beforeId={firstLabel} />
        </RegionMap>
        <MapPanel label="Camera and legend" data-legend>
          <RangeField
            label="Pitch"
            display={`${pitch}°`}
            min={0}
            max={70}
            value={pitch}
            onChange={(v) => {
              setPitch(v);
              map?.setPitch(v);
            }}
          />
          <RangeField
            label="Bearing"
            display={`${bearing}°`}
            min={-180}
            max={180}
            value={bearing}
            onChange={(v) => {
              setBearing(v);
              map?.setBearing(v);
            }}
          />
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              map?.easeTo({ pitch: 0, bearing: 0, duration: 500 });
              setPitch(0);
              setBearing(0);
            }}
          >
            Top-down view
          </Button>
          <div>
            <h2 className="mb-1 text-xs font-medium">Building height</h2>
            <StepLegend stops={HEIGHT_STOPS} suffix=" m" className="text-xs" />
            <p className="text-muted-foreground mt-2 text-xs">
              Height from OpenStreetMap’s <code>height</code>, else <code>building:levels</code> × 3 m, else {DEFAULT_HEIGHT_M} m.
              {stats && stats.count > 0 && stats.distinct <= 1
                ? ` This extract tags no heights: all ${stats.count} buildings in view use the default.`
                : ''}
            </p>
          </div>
        </MapPanel>
      </div>
    </div>
  );
}
