// /ui/maps/elevation: 3D terrain from the region's terrain tiles (exaggeration), hillshade, contour
// lines with labels (maplibre-contour fed by our /tiles/<region>/terrain/{z}/{x}/{y}.png, its
// worker built in — never a CDN), sky; click two points for the elevation profile between them.
import { formatClimb, formatDistance } from '@waymark/assistant/summary';
import { routeClimb } from '@waymark/geo/elevation/filter';
import { addProtocol, type FilterSpecification, type Map as MlMap, type MapMouseEvent } from 'maplibre-gl';
import mlcontour from 'maplibre-contour';
import { useEffect, useMemo, useRef, useState } from 'react';
import { GeoJsonSource, MapLayer, RegionMap, fetchRegions, useDarkMode } from '@/components/map';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { MapPanel, RangeField, RegionSegmented, SwitchRow, type DemoRegion } from '../components/demo-controls';
import { DemoHeader } from '../components/demo-header';
import { ProfileChart } from '../components/profile-chart';
import { LABEL_FONT, type Fc } from '../lib/geo';

type Region = DemoRegion;
const VIEWS: Record<Region, { center: [number, number]; zoom: number; pitch: number; bearing: number }> = {
  andorra: { center: [1.545, 42.545], zoom: 12.2, pitch: 62, bearing: 25 },
  monaco: { center: [7.42, 43.735], zoom: 14, pitch: 55, bearing: -20 },
};
export const TERRAIN = 'terrain';
export const CONTOUR_SOURCE = 'contours';
export const PROFILE_SOURCE = 'elevation-profile';
const SAMPLES = 200;

interface Profile {
  distanceM: number;
  minM: number;
  maxM: number;
  ascentM: number;
  descentM: number;
  profile: [number, number][];
}

const haversine = (a: [number, number], b: [number, number]) => {
  const R = 6_371_008.8;
  const r = Math.PI / 180;
  const dLat = (b[1] - a[1]) * r;
  const dLon = (b[0] - a[0]) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** The profile along the straight line a→b, from the server's terrain sampler. */
export async function profileBetween(a: [number, number], b: [number, number]): Promise<Profile | null> {
  const pts: [number, number][] = Array.from({ length: SAMPLES + 1 }, (_, i) => [
    a[0] + ((b[0] - a[0]) * i) / SAMPLES,
    a[1] + ((b[1] - a[1]) * i) / SAMPLES,
  ]);
  const r = await api<{ elevations: (number | null)[] }>('/api/elevation', { method: 'POST', body: { points: pts }, toast: false });
  const dist: number[] = [0];
  for (let i = 1; i < pts.length; i++) dist.push(dist[i - 1]! + haversine(pts[i - 1]!, pts[i]!));
  const known = r.elevations.map((e, i) => [dist[i]!, e] as const).filter((x): x is readonly [number, number] => x[1] !== null);
  if (known.length < 2) return null;
  const ele = known.map((k) => k[1]);
  const d = known.map((k) => k[0]);
  const climb = routeClimb(ele, d);
  return {
    distanceM: d[d.length - 1]!,
    minM: Math.min(...ele),
    maxM: Math.max(...ele),
    ascentM: climb.ascent,
    descentM: climb.descent,
    profile: known.map(([x, e]) => [Math.round(x), Math.round(e * 10) / 10]),
  };
}

let demSource: InstanceType<typeof mlcontour.DemSource> | null = null;
let demKey = '';
/** One contour DEM source per region pack version, registered with MapLibre once. */
function contourTiles(origin: string, region: string, version: string | undefined): string {
  const key = `${region}@${version}`;
  if (!demSource || demKey !== key) {
    demSource = new mlcontour.DemSource({
      url: `${origin}/tiles/${region}/terrain/{z}/{x}/{y}.png${version ? `?v=${version}` : ''}`,
      encoding: 'terrarium',
      maxzoom: 12,
      worker: true,
      cacheSize: 100,
      timeoutMs: 20_000,
      id: `contour-${region}`,
    });
    demSource.setupMaplibre({ addProtocol } as never);
    demKey = key;
  }
  return demSource.contourProtocolUrl({
    thresholds: { 10: [200, 1000], 11: [100, 500], 12: [100, 500], 13: [50, 250], 14: [20, 100], 15: [10, 50] },
    contourLayer: 'contours',
    elevationKey: 'ele',
    levelKey: 'level',
  });
}

const IS_POINT: FilterSpecification = ['==', ['geometry-type'], 'Point'];

/** The clicked points (A, B) and the line between them. */
function ProfileOverlay({ data }: { data: Fc }) {
  return (
    <GeoJsonSource id={PROFILE_SOURCE} data={data}>
      <MapLayer
        id="profile-line"
        type="line"
        filter={['==', ['geometry-type'], 'LineString']}
        paint={{ 'line-color': '#dc2626', 'line-width': 3 }}
      />
      <MapLayer
        id="profile-points"
        type="circle"
        filter={IS_POINT}
        paint={{ 'circle-radius': 7, 'circle-color': '#dc2626', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
      />
      <MapLayer
        id="profile-labels"
        type="symbol"
        filter={IS_POINT}
        layout={{ 'text-field': ['get', 'label'], 'text-font': LABEL_FONT, 'text-size': 11, 'text-allow-overlap': true }}
        paint={{ 'text-color': '#ffffff' }}
      />
    </GeoJsonSource>
  );
}

export function ElevationPage() {
  const [region, setRegion] = useState<Region>('andorra');
  const [map, setMap] = useState<MlMap | null>(null);
  const [terrain, setTerrain] = useState(true);
  const [exaggeration, setExaggeration] = useState(1.5);
  const [hillshade, setHillshade] = useState(true);
  const [contours, setContours] = useState(true);
  const [points, setPoints] = useState<[number, number][]>([]);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [status, setStatus] = useState('Click two points on the map for the elevation profile between them.');
  const dark = useDarkMode();
  const versionRef = useRef<string | undefined>(undefined);

  useEffect(() => {
    document.title = 'Map - Elevation';
  }, []);

  // terrain, sky and contours, again after every style swap (theme, region, hillshade)
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    const origin = window.location.origin;
    // map.isStyleLoaded() is false while any tile loads (and no styledata follows), so it is not
    // the gate: a style between loads throws, and the next styledata tries again
    const apply = () => {
      if (cancelled || !map.getStyle()) return;
      try {
        applyNow();
      } catch {
        // the style is between loads
      }
    };
    const applyNow = () => {
      if (terrain && map.getSource(TERRAIN)) {
        const cur = map.getTerrain();
        if (!cur || cur.exaggeration !== exaggeration) map.setTerrain({ source: TERRAIN, exaggeration });
      } else if (!terrain && map.getTerrain()) map.setTerrain(null);
      const sky = dark
        ? {
            'sky-color': '#0b1220',
            'horizon-color': '#1e293b',
            'fog-color': '#0f172a',
            'sky-horizon-blend': 0.6,
            'horizon-fog-blend': 0.5,
            'fog-ground-blend': 0.6,
          }
        : {
            'sky-color': '#7dd3fc',
            'horizon-color': '#e0f2fe',
            'fog-color': '#f1f5f9',
            'sky-horizon-blend': 0.5,
            'horizon-fog-blend': 0.6,
            'fog-ground-blend': 0.7,
          };
      if (map.getSky()?.['sky-color'] !== sky['sky-color']) map.setSky(sky);
      if (contours && !map.getSource(CONTOUR_SOURCE)) {
        map.addSource(CONTOUR_SOURCE, {
          type: 'vector',
          tiles: [contourTiles(origin, region, versionRef.current)],
          maxzoom: 15,
          attribution: 'Contours: SRTM',
        });
        const lineColor = dark ? 'rgba(226,232,240,0.45)' : 'rgba(120,72,24,0.55)';
        const firstLabel = map.getStyle().layers.find((l) => l.type === 'symbol')?.id;
        map.addLayer(
          {
            id: 'contour-lines',
            type: 'line',
            source: CONTOUR_SOURCE,
            'source-layer': 'contours',
            paint: { 'line-color': lineColor, 'line-width': ['match', ['get', 'level'], 1, 1.2, 0.5] },
          },
          firstLabel,
        );
        map.addLayer({
          id: 'contour-labels',
          type: 'symbol',
          source: CONTOUR_SOURCE,
          'source-layer': 'contours',
          filter: ['>', ['get', 'level'], 0],
          layout: {
            'symbol-placement': 'line',
            'text-size': 10,
            'text-field': ['concat', ['number-format', ['get', 'ele'], {}], ' m'],
            'text-font': LABEL_FONT,
          },
          paint: { 'text-color': dark ? '#e2e8f0' : '#78350f', 'text-halo-color': dark ? '#0f172a' : '#ffffff', 'text-halo-width': 1.2 },
        });
      } else if (contours && map.getLayer('contour-lines')) {
        // the theme changed: recolour in place
        map.setPaintProperty('contour-lines', 'line-color', dark ? 'rgba(226,232,240,0.45)' : 'rgba(120,72,24,0.55)');
        map.setPaintProperty('contour-labels', 'text-color', dark ? '#e2e8f0' : '#78350f');
        map.setPaintProperty('contour-labels', 'text-halo-color', dark ? '#0f172a' : '#ffffff');
      } else if (!contours && map.getSource(CONTOUR_SOURCE)) {
        for (const id of ['contour-labels', 'contour-lines']) if (map.getLayer(id)) map.removeLayer(id);
        map.removeSource(CONTOUR_SOURCE);
      }
    };
    fetchRegions()
      .then((list) => {
        versionRef.current = list.find((r) => r.name === region)?.version;
        apply();
      })
      .catch(() => apply());
    map.on('styledata', apply);
    return () => {
      cancelled = true;
      map.off('styledata', apply);
    };
  }, [map, terrain, exaggeration, contours, dark, region]);

  // the two clicked points and the line between them (drawn by <ProfileOverlay>)
  const profileData = useMemo<Fc>(
    () => ({
      type: 'FeatureCollection',
      features: [
        ...(points.length === 2
          ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: points } }]
          : []),
        ...points.map((p, i) => ({
          type: 'Feature' as const,
          properties: { label: i === 0 ? 'A' : 'B' },
          geometry: { type: 'Point' as const, coordinates: p },
        })),
      ],
    }),
    [points],
  );

  useEffect(() => {
    if (points.length !== 2) return;
    let cancelled = false;
    profileBetween(points[0]!, points[1]!)
      .then((p) => {
        if (cancelled) return;
        setProfile(p);
        setStatus(p ? '' : 'There is no elevation data between these points (outside the region).');
      })
      .catch(() => !cancelled && setStatus('The elevation could not be loaded.'));
    return () => {
      cancelled = true;
    };
  }, [points]);

  const onLoad = (m: MlMap) => {
    m.jumpTo(VIEWS.andorra);
    m.on('click', (e: MapMouseEvent) => {
      const p: [number, number] = [Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6];
      setPoints((ps) => (ps.length >= 2 ? [p] : [...ps, p]));
      setProfile(null);
      setStatus('');
    });
    setMap(m);
  };

  const chooseRegion = (r: Region) => {
    setRegion(r);
    setPoints([]);
    setProfile(null);
    if (map?.getSource(CONTOUR_SOURCE)) {
      for (const id of ['contour-labels', 'contour-lines']) if (map.getLayer(id)) map.removeLayer(id);
      map.removeSource(CONTOUR_SOURCE);
    }
    map?.once('idle', () => map.easeTo({ ...VIEWS[r], duration: 0 }));
  };

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - Elevation">
        <RegionSegmented value={region} onChange={chooseRegion} />
      </DemoHeader>
      <div className="relative min-h-0 flex-1">
        <RegionMap
          region={region}
          className="absolute inset-0"
          hillshade={hillshade}
          initialView={{ center: VIEWS.andorra.center, zoom: VIEWS.andorra.zoom }}
          ariaLabel="3D terrain map"
          handle="elevation"
          onLoad={onLoad}
        >
          <ProfileOverlay data={profileData} />
        </RegionMap>
        <MapPanel label="Terrain controls" className="space-y-2">
          <SwitchRow label="3D terrain" checked={terrain} onCheckedChange={setTerrain} />
          <SwitchRow label="Hillshade" checked={hillshade} onCheckedChange={setHillshade} />
          <SwitchRow label="Contour lines" checked={contours} onCheckedChange={setContours} />
          <RangeField
            label="Exaggeration"
            display={`${exaggeration.toFixed(1)}×`}
            min={1}
            max={3}
            step={0.1}
            value={exaggeration}
            disabled={!terrain}
            onChange={setExaggeration}
          />
        </MapPanel>
        <section
          aria-label="Elevation profile"
          aria-live="polite"
          className="bg-background/95 absolute inset-x-2 bottom-11 z-10 md:bottom-8 rounded-md border p-3 text-sm shadow-sm md:start-auto md:end-2 md:w-[420px]"
          data-profile-panel
        >
          {profile ? (
            <>
              <dl className="mb-2 grid grid-cols-5 gap-2 text-xs">
                {(
                  [
                    ['Distance', formatDistance(profile.distanceM, 'km')],
                    ['Lowest', formatClimb(profile.minM, 'km')],
                    ['Highest', formatClimb(profile.maxM, 'km')],
                    ['Ascent', formatClimb(profile.ascentM, 'km')],
                    ['Descent', formatClimb(profile.descentM, 'km')],
                  ] as const
                ).map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className="font-medium tabular-nums" dir="ltr" data-stat={k}>
                      {v}
                    </dd>
                  </div>
                ))}
              </dl>
              <ProfileChart profile={profile.profile} />
            </>
          ) : (
            <p className="text-muted-foreground">{points.length === 1 ? 'Now click a second point.' : status}</p>
          )}
          {points.length > 0 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="mt-1"
              onClick={() => {
                setPoints([]);
                setProfile(null);
                setStatus('Click two points on the map for the elevation profile between them.');
              }}
            >
              Clear
            </Button>
          )}
        </section>
      </div>
    </div>
  );
}
