// /ui/maps/single-page: one map as a small tool — switch region and basemap theme, search places,
// measure a line, show where you are, and copy a link that reopens the same view (the view lives in
// the URL's search params, validated by view-search.ts).
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Crosshair, Link2, Ruler, Undo2, X } from 'lucide-react';
import type { Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { GeoJsonSource, MapLayer, RegionMap, useMap } from '@/components/map';
import { gestureStep, initialGestureState, type GestureInput, type GestureState } from '@/components/map/gestures';
import { PlaceSearch, type LonLat, type Place } from '@/components/map/place-search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatDistance, type Units } from '@/lib/units';
import { MapPanel } from '../components/demo-controls';
import { DemoHeader, Segmented } from '../components/demo-header';
import { LABEL_FONT } from '../lib/geo';
import { initialMeasure, measureFeatures, measureReducer, segmentLengths, totalLength } from './measure';
import { THEME_CHOICES, decodeLine, parseViewSearch, viewToSearch, type SinglePageRegion, type ThemeChoice } from './view-search';

const REGIONS = [
  { value: 'andorra', label: 'Andorra' },
  { value: 'monaco', label: 'Monaco' },
] as const;
const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'auto', label: 'Follow app' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const UNITS = [
  { value: 'km', label: 'km' },
  { value: 'mi', label: 'mi' },
] as const;
const THEME_KEY = 'waymark:single-page:theme';
const UNITS_KEY = 'waymark:single-page:units';

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const v = localStorage.getItem(key);
    return allowed.includes(v as T) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}
function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this visit */
  }
}

/** The place found last: a dot on the map, which flies there. */
function SearchResult({ hit }: { hit: { at: LonLat; place: Place; key: number } }) {
  const map = useMap();
  useEffect(() => {
    map?.flyTo({ center: hit.at, zoom: Math.max(map.getZoom(), 14) });
  }, [map, hit]);
  return (
    <GeoJsonSource
      id="demo-search-result"
      data={{ type: 'Feature', properties: { name: hit.place.name }, geometry: { type: 'Point', coordinates: hit.at } }}
    >
      <MapLayer
        id="demo-search-result"
        type="circle"
        paint={{ 'circle-radius': 8, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
      />
    </GeoJsonSource>
  );
}

/** The measured line and its numbered points. */
function MeasureOverlay({ points }: { points: LonLat[] }) {
  const data = useMemo(() => measureFeatures(points), [points]);
  return (
    <GeoJsonSource id="measure" data={data}>
      <MapLayer
        id="measure-line"
        type="line"
        filter={['==', ['geometry-type'], 'LineString']}
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{ 'line-color': '#e11d48', 'line-width': 3, 'line-dasharray': [2, 1] }}
      />
      <MapLayer
        id="measure-points"
        type="circle"
        filter={['==', ['geometry-type'], 'Point']}
        paint={{ 'circle-radius': 7, 'circle-color': '#e11d48', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
      />
      <MapLayer
        id="measure-labels"
        type="symbol"
        filter={['==', ['geometry-type'], 'Point']}
        layout={{ 'text-field': ['to-string', ['get', 'index']], 'text-font': LABEL_FONT, 'text-size': 10, 'text-allow-overlap': true }}
        paint={{ 'text-color': '#ffffff' }}
      />
    </GeoJsonSource>
  );
}

/** Earth's circumference at the equator (m), for metres → pixels at a zoom (512 px tiles). */
const EQUATOR_M = 40_075_016.686;

/** Where the browser says you are: a dot, and a circle of the reported accuracy (in metres at every zoom). */
function LocateOverlay({ at, accuracy }: { at: LonLat; accuracy: number }) {
  // at zoom z one pixel is EQUATOR·cos(lat) / (512·2^z) metres: the radius doubles per zoom level
  const r0 = accuracy / ((EQUATOR_M * Math.cos((at[1] * Math.PI) / 180)) / 512);
  const data = useMemo(() => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: at } }), [at]);
  return (
    <GeoJsonSource id="locate" data={data}>
      <MapLayer
        id="locate-accuracy"
        type="circle"
        paint={{
          'circle-radius': ['interpolate', ['exponential', 2], ['zoom'], 0, r0, 22, r0 * 2 ** 22],
          'circle-color': '#2563eb',
          'circle-opacity': 0.15,
          'circle-stroke-color': '#2563eb',
          'circle-stroke-width': 1,
          'circle-pitch-alignment': 'map',
        }}
      />
      <MapLayer
        id="locate-dot"
        type="circle"
        paint={{ 'circle-radius': 7, 'circle-color': '#2563eb', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 }}
      />
    </GeoJsonSource>
  );
}

type Locate =
  { status: 'idle' } | { status: 'locating' } | { status: 'shown'; at: LonLat; accuracy: number } | { status: 'error'; message: string };

const GEO_ERRORS: Record<number, string> = {
  1: 'Location permission was refused. Allow it in the browser’s site settings to see where you are.',
  2: 'Your position is not available right now.',
  3: 'Finding your position took too long. Try again.',
};

export function SinglePageMap() {
  const rawSearch = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  // what the link opened with (read once: afterwards the page writes the URL, not the other way)
  const [opened] = useState(() => parseViewSearch(rawSearch));
  const [region, setRegion] = useState<SinglePageRegion>(opened.region ?? 'andorra');
  const [theme, setThemeState] = useState<ThemeChoice>(() => opened.theme ?? stored(THEME_KEY, THEME_CHOICES, 'auto'));
  const [units, setUnitsState] = useState<Units>(() => stored(UNITS_KEY, ['km', 'mi'] as const, 'km'));
  const [hit, setHit] = useState<{ at: LonLat; place: Place; key: number } | null>(null);
  const [measure, dispatch] = useReducer(measureReducer, initialMeasure, (s) => {
    const line = opened.line ? decodeLine(opened.line) : null;
    return line ? measureReducer(s, { type: 'load', points: line }) : s;
  });
  const [locate, setLocate] = useState<Locate>({ status: 'idle' });
  const [map, setMap] = useState<MlMap | null>(null);
  const [copied, setCopied] = useState<{ url: string; ok: boolean } | null>(null);
  const latest = useRef({ region, theme, points: measure.points });
  useEffect(() => {
    latest.current = { region, theme, points: measure.points };
  });

  useEffect(() => {
    document.title = 'Map - Single Page';
  }, []);

  const setTheme = (t: ThemeChoice) => {
    setThemeState(t);
    store(THEME_KEY, t);
  };
  const setUnits = (u: Units) => {
    setUnitsState(u);
    store(UNITS_KEY, u);
  };

  /** The view as search params, from the map's camera and the page's state. */
  const currentSearch = useCallback(() => {
    if (!map) return null;
    const c = map.getCenter();
    const { region, theme, points } = latest.current;
    return viewToSearch({
      region,
      center: [c.lng, c.lat],
      zoom: map.getZoom(),
      bearing: map.getBearing(),
      pitch: map.getPitch(),
      theme,
      line: points,
    });
  }, [map]);

  // keep the URL on the view: after each camera move (settled) and each change of region, theme or line
  const writeUrl = useCallback(() => {
    const search = currentSearch();
    if (search) void navigate({ to: '.', search: search as never, replace: true });
  }, [currentSearch, navigate]);
  useEffect(() => {
    if (!map) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const onMoveEnd = () => {
      clearTimeout(t);
      t = setTimeout(writeUrl, 250);
    };
    map.on('moveend', onMoveEnd);
    return () => {
      clearTimeout(t);
      map.off('moveend', onMoveEnd);
    };
  }, [map, writeUrl]);
  useEffect(() => writeUrl(), [writeUrl, region, theme, measure.points]);

  const onLoad = useCallback(
    (m: MlMap) => {
      if (opened.bearing !== undefined || opened.pitch !== undefined) m.jumpTo({ bearing: opened.bearing ?? 0, pitch: opened.pitch ?? 0 });
      setMap(m);
    },
    [opened],
  );

  // measuring: clicks and keys through the map kit's gesture machine (a map click adds a point,
  // Enter adds the centre, Backspace/Delete removes the last point); Escape ends
  useEffect(() => {
    if (!map || !measure.active) return;
    let state: GestureState = initialGestureState;
    const run = (input: GestureInput, ev?: Event) => {
      const step = gestureStep(state, input, { editable: true, hasLine: false });
      state = step.state;
      for (const e of step.effects) {
        if (e.type === 'add') dispatch({ type: 'add', at: e.at });
        else if (e.type === 'delete') dispatch({ type: 'undo' });
        else if (e.type === 'prevent-default') ev?.preventDefault();
      }
    };
    const onClick = (e: MapMouseEvent) => run({ type: 'click', at: [e.lngLat.lng, e.lngLat.lat], target: () => null });
    const canvas = map.getCanvas();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        dispatch({ type: 'end' });
        return;
      }
      const c = map.getCenter();
      const n = latest.current.points.length;
      run(
        {
          type: 'key',
          key: e.key,
          modifiers: e.ctrlKey || e.metaKey || e.altKey,
          center: [c.lng, c.lat],
          lastVertex: n ? String(n - 1) : null,
        },
        e,
      );
    };
    // Escape anywhere on the page ends measuring (not only with the map focused)
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && e.target !== canvas) dispatch({ type: 'end' });
    };
    map.on('click', onClick);
    canvas.addEventListener('keydown', onKey);
    document.addEventListener('keydown', onDocKey);
    canvas.style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
      canvas.removeEventListener('keydown', onKey);
      document.removeEventListener('keydown', onDocKey);
      canvas.style.cursor = '';
    };
  }, [map, measure.active]);

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocate({ status: 'error', message: 'This browser cannot tell your position.' });
      return;
    }
    setLocate({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const at: LonLat = [p.coords.longitude, p.coords.latitude];
        setLocate({ status: 'shown', at, accuracy: p.coords.accuracy });
        map?.flyTo({ center: at, zoom: Math.max(map.getZoom(), 15) });
      },
      (err) => setLocate({ status: 'error', message: GEO_ERRORS[err.code] ?? 'Your position is not available.' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const copyLink = async () => {
    const search = currentSearch();
    if (!search) return;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(search)) params.set(k, String(v));
    const url = `${window.location.origin}${window.location.pathname}?${params}`;
    let ok = false;
    try {
      await navigator.clipboard.writeText(url);
      ok = true;
    } catch {
      /* no clipboard permission: the link is shown to copy by hand */
    }
    setCopied({ url, ok });
  };

  const segments = segmentLengths(measure.points);
  const total = totalLength(measure.points);
  const opening = useMemo(
    () =>
      opened.lng !== undefined && opened.lat !== undefined
        ? { center: [opened.lng, opened.lat] as LonLat, zoom: opened.zoom ?? 13 }
        : undefined,
    [opened],
  );

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - Single Page">
        <Segmented
          label="Region"
          value={region}
          options={REGIONS}
          onChange={(r) => {
            setRegion(r);
            setHit(null);
          }}
        />
        <Segmented label="Basemap theme" value={theme} options={THEMES} onChange={setTheme} />
        <PlaceSearch
          key={region}
          region={region}
          className="w-full sm:ms-auto sm:max-w-xs"
          onPick={(at, place) => setHit({ at, place, key: Date.now() })}
        />
      </DemoHeader>
      <div className="relative flex-1">
        <RegionMap
          region={region}
          className="absolute inset-0"
          handle="single-page"
          theme={theme === 'auto' ? undefined : theme}
          initialView={opening}
          onLoad={onLoad}
          scaleUnit={units === 'mi' ? 'imperial' : 'metric'}
        >
          {hit ? <SearchResult hit={hit} /> : null}
          {measure.points.length ? <MeasureOverlay points={measure.points} /> : null}
          {locate.status === 'shown' ? <LocateOverlay at={locate.at} accuracy={locate.accuracy} /> : null}
        </RegionMap>
        <MapPanel label="Map tools" className="max-h-[calc(100%-5rem)] overflow-auto">
          <div className="flex flex-wrap gap-1">
            <Button
              type="button"
              size="sm"
              variant={measure.active ? 'default' : 'outline'}
              aria-pressed={measure.active}
              onClick={() => {
                dispatch({ type: measure.active ? 'end' : 'start' });
                if (!measure.active) map?.getCanvas().focus();
              }}
            >
              <Ruler aria-hidden /> Measure
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={locateMe} disabled={locate.status === 'locating'}>
              <Crosshair aria-hidden /> {locate.status === 'locating' ? 'Locating…' : 'Locate me'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => void copyLink()} disabled={!map}>
              <Link2 aria-hidden /> Copy link
            </Button>
          </div>
          {locate.status === 'error' ? (
            <p role="alert" className="text-destructive text-xs">
              {locate.message}
            </p>
          ) : null}
          {locate.status === 'shown' ? (
            <p className="text-muted-foreground text-xs" data-testid="locate-status">
              You are here, to within {Math.round(locate.accuracy)} m.
            </p>
          ) : null}
          {copied ? (
            <div className="space-y-1">
              <p role="status" className="text-xs">
                {copied.ok ? 'Link copied.' : 'Copy this link:'}
              </p>
              <Input
                readOnly
                value={copied.url}
                aria-label="Link to this view"
                className="h-8 text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
            </div>
          ) : null}
          {measure.active || measure.points.length ? (
            <section aria-label="Measurement" className="space-y-2 border-t pt-2">
              <div className="flex items-center justify-between gap-2">
                <Segmented label="Units" value={units} options={UNITS} onChange={setUnits} />
                <output aria-live="polite" data-testid="measure-total" className="font-semibold tabular-nums" dir="ltr">
                  {formatDistance(total, units)}
                </output>
              </div>
              {measure.active ? (
                <p className="text-muted-foreground text-xs">
                  Click the map to add points. With the map focused, Enter adds its centre and Backspace removes the last point; Escape
                  ends.
                </p>
              ) : null}
              {segments.length ? (
                <ol className="text-xs tabular-nums" aria-label="Segments">
                  {segments.map((m, i) => (
                    <li key={i} className="flex justify-between">
                      <span>
                        {i + 1} → {i + 2}
                      </span>
                      <span dir="ltr">{formatDistance(m, units)}</span>
                    </li>
                  ))}
                </ol>
              ) : null}
              <div className="flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => dispatch({ type: 'undo' })}
                  disabled={!measure.points.length}
                >
                  <Undo2 aria-hidden /> Undo
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => dispatch({ type: 'clear' })}
                  disabled={!measure.points.length}
                >
                  <X aria-hidden /> Clear
                </Button>
                {measure.active ? (
                  <Button type="button" size="sm" onClick={() => dispatch({ type: 'end' })}>
                    Done
                  </Button>
                ) : null}
              </div>
            </section>
          ) : null}
        </MapPanel>
      </div>
    </div>
  );
}
