// /ui/maps/generate-route: the loop generator as a standalone tool. Every parameter exposed
// (start, distance, heading, seed, alternatives, preferences); the alternatives compared in a
// table (distance, climb, retrace, share of paths, green); "open in planner" hands one over.
import { formatClimb, formatDistance } from '@waymark/assistant/summary';
import { MILES_TO_KM, type DistanceUnit, type ToolOutputs } from '@waymark/contracts/ai';
import { useNavigate } from '@tanstack/react-router';
import { Dices, Loader2, Repeat } from 'lucide-react';
import type { Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { RegionMap } from '@/components/map';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, api } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { ChatOverlays, drawingFor, EMPTY_DRAWING } from '../ai-chat/map-drawing';
import { RegionSegmented, SwitchRow, type DemoRegion } from '../components/demo-controls';
import { DemoHeader, Segmented } from '../components/demo-header';

type Region = DemoRegion;
const REGION_START: Record<Region, { name: string; lon: number; lat: number }> = {
  andorra: { name: 'Encamp', lon: 1.5801, lat: 42.5345 },
  monaco: { name: 'Monaco', lon: 7.4246, lat: 43.7384 },
};
const HEADINGS = [
  { value: '', label: 'Any direction' },
  { value: '0', label: 'North' },
  { value: '45', label: 'North-east' },
  { value: '90', label: 'East' },
  { value: '135', label: 'South-east' },
  { value: '180', label: 'South' },
  { value: '225', label: 'South-west' },
  { value: '270', label: 'West' },
  { value: '315', label: 'North-west' },
];
/** way types counted as paths (not roads) in the comparison */
export const PATH_TYPES = new Set(['path', 'footway', 'track', 'bridleway', 'steps', 'pedestrian', 'cycleway']);
/** The planner's draft in localStorage (features/route-planner/lib/storage.ts DRAFT_KEY): "open in planner" writes it. */
export const PLANNER_DRAFT_KEY = 'waymark.planner.draft.v1';

interface Loop {
  coords: [number, number, number][];
  distanceM: number;
  ascentM: number;
  heading?: number;
  retrace: number;
  greenM?: number;
  waypoints: [number, number][];
  /** share of the loop on paths and tracks (0–1), from routing its waypoints; undefined while loading */
  pathShare?: number | null;
}

interface Place {
  name: string;
  kind: string;
  lon: number;
  lat: number;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
let seedCounter = Date.now() % 100_000;
const nextSeed = () => (seedCounter = (seedCounter * 48271 + 11) % 2_147_483_647) % 100_000;

export function GenerateRoutePage() {
  const navigate = useNavigate();
  const [region, setRegion] = useState<Region>('andorra');
  const [start, setStart] = useState<{ name: string; lon: number; lat: number }>(REGION_START.andorra);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Place[]>([]);
  const [distance, setDistance] = useState('10');
  const [unit, setUnit] = useState<DistanceUnit>('km');
  const [heading, setHeading] = useState('');
  const [seed, setSeed] = useState('1');
  const [alternatives, setAlternatives] = useState('3');
  const [prefs, setPrefs] = useState({ preferPaths: false, avoidBusyRoads: false, preferGreen: false });
  const [loops, setLoops] = useState<Loop[]>([]);
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mapRef = useRef<MlMap | null>(null);
  const ids = { distance: useId(), heading: useId(), seed: useId(), alts: useId(), search: useId() };

  useEffect(() => {
    document.title = 'Map - Generate Route';
  }, []);

  // place search for the start
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetch(`/api/regions/${region}/places?q=${encodeURIComponent(q)}&limit=6`, { signal: ctrl.signal })
        .then(async (r) => (r.ok ? ((await r.json()) as { places: Place[] }).places : []))
        .then(setHits)
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [query, region]);

  // the start marker and the loops, drawn as the chat draws a generated loop
  const drawing = useMemo(() => {
    const out: ToolOutputs['generate_loop'] = {
      region,
      start: { ...start, kind: 'start', region, source: 'region' },
      targetM: Number(distance) * (unit === 'mi' ? MILES_TO_KM : 1) * 1000 || 0,
      unit,
      alternatives: loops.map((l) => ({
        coords: l.coords,
        distanceM: l.distanceM,
        ascentM: l.ascentM,
        retrace: l.retrace,
        greenM: l.greenM ?? 0,
      })),
    };
    return drawingFor(EMPTY_DRAWING, 'generate_loop', out, selected).drawing;
  }, [start, loops, selected, region, distance, unit]);

  const onMapLoad = (m: MlMap) => {
    mapRef.current = m;
    m.on('click', (e: MapMouseEvent) => {
      setStart({ name: `${e.lngLat.lat.toFixed(4)}, ${e.lngLat.lng.toFixed(4)}`, lon: e.lngLat.lng, lat: e.lngLat.lat });
      setLoops([]);
    });
  };

  async function generate(e?: FormEvent) {
    e?.preventDefault();
    const d = Number(distance);
    const km = unit === 'mi' ? d * MILES_TO_KM : d;
    if (!Number.isFinite(km) || km < 1 || km > 100) {
      setError('The distance must be from 1 to 100 km (0.6 to 62 mi).');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = {
        region,
        start: { lon: start.lon, lat: start.lat },
        distanceKm: Math.round(km * 100) / 100,
        ...(heading ? { heading: Number(heading) } : {}),
        ...(seed.trim() ? { seed: Math.max(0, Math.min(2 ** 31 - 1, Math.round(Number(seed)) || 0)) } : {}),
        alternatives: Math.max(1, Math.min(5, Math.round(Number(alternatives)) || 3)),
        preferences: prefs,
      };
      const r = await api<{ alternatives: Loop[] }>('/api/route/loop', { method: 'POST', body, toast: false });
      setLoops(r.alternatives);
      setSelected(0);
      const map = mapRef.current;
      if (map && r.alternatives.length) {
        const all = r.alternatives.flatMap((l) => l.coords);
        const lons = all.map((c) => c[0]);
        const lats = all.map((c) => c[1]);
        map.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          { padding: 50, maxZoom: 15, duration: 600 },
        );
      }
      // the share of paths of each alternative: route its waypoints and read the way types
      void Promise.all(
        r.alternatives.map(async (l, i) => {
          try {
            const rr = await api<{ route: { wayTypes: Record<string, number> } }>('/api/route', {
              method: 'POST',
              body: { region, waypoints: l.waypoints.map(([lon, lat]) => ({ lon, lat, mode: 'snap' })) },
              toast: false,
            });
            const total = Object.values(rr.route.wayTypes).reduce((a, b) => a + b, 0);
            const paths = Object.entries(rr.route.wayTypes).reduce((a, [k, v]) => a + (PATH_TYPES.has(k) ? v : 0), 0);
            return [i, total > 0 ? paths / total : null] as const;
          } catch {
            return [i, null] as const;
          }
        }),
      ).then((shares) =>
        setLoops((ls) =>
          ls === r.alternatives || ls.length === r.alternatives.length
            ? ls.map((l, i) => ({ ...l, pathShare: shares.find(([j]) => j === i)?.[1] ?? null }))
            : ls,
        ),
      );
    } catch (err) {
      setLoops([]);
      setError(err instanceof ApiError ? err.message : 'The loops could not be generated.');
    } finally {
      setBusy(false);
    }
  }

  function openInPlanner() {
    const loop = loops[selected];
    if (!loop) return;
    const existing = localStorage.getItem(PLANNER_DRAFT_KEY);
    if (
      existing &&
      /"waypoints":\[\{/.test(existing) &&
      !window.confirm('Replace the route you are editing in the planner with this loop?')
    )
      return;
    const name = `Loop ${formatDistance(loop.distanceM, unit)} from ${start.name}`;
    localStorage.setItem(
      PLANNER_DRAFT_KEY,
      JSON.stringify({
        region,
        waypoints: loop.waypoints.map(([lon, lat], i) => ({ id: `gen-${i}`, lon, lat, mode: 'snap' })),
        routeId: null,
        name: name.slice(0, 120),
        description: '',
        visibility: 'private',
      }),
    );
    void navigate({ to: '/run', search: { region } as never });
  }

  const switchRegion = (r: Region) => {
    setRegion(r);
    setStart(REGION_START[r]);
    setLoops([]);
    setQuery('');
  };

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - Generate Route">
        <RegionSegmented value={region} onChange={switchRegion} />
      </DemoHeader>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <aside
          className="bg-background order-2 min-h-0 flex-1 overflow-y-auto border-t md:order-none md:w-[380px] md:flex-none md:border-t-0 md:border-e"
          aria-label="Loop generator"
        >
          <form onSubmit={(e) => void generate(e)} className="space-y-3 p-3 text-sm">
            <div className="relative">
              <Label htmlFor={ids.search}>Start</Label>
              <p className="text-muted-foreground mb-1 text-xs" data-start>
                {start.name} — search a place or click the map
              </p>
              <Input
                id={ids.search}
                type="search"
                value={query}
                placeholder="Search a place…"
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
              {query.trim() && hits.length > 0 && (
                <ul
                  role="listbox"
                  aria-label="Places"
                  className="bg-popover absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-md border shadow-md"
                >
                  {hits.map((h) => (
                    <li key={`${h.name}-${h.lon}`} role="option" aria-selected={false}>
                      <button
                        type="button"
                        className="hover:bg-accent w-full px-3 py-1.5 text-start"
                        onClick={() => {
                          setStart({ name: h.name, lon: h.lon, lat: h.lat });
                          setQuery('');
                          setLoops([]);
                          mapRef.current?.flyTo({ center: [h.lon, h.lat], zoom: 13 });
                        }}
                      >
                        {h.name} <span className="text-muted-foreground">· {h.kind.replace(/_/g, ' ')}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="grid grid-cols-[1fr_auto] items-end gap-2">
              <div>
                <Label htmlFor={ids.distance}>Distance</Label>
                <Input
                  id={ids.distance}
                  type="number"
                  inputMode="decimal"
                  min={0.6}
                  max={100}
                  step={0.1}
                  value={distance}
                  onChange={(e) => setDistance(e.target.value)}
                />
              </div>
              <Segmented
                label="Unit"
                value={unit}
                options={[
                  { value: 'km', label: 'km' },
                  { value: 'mi', label: 'mi' },
                ]}
                onChange={setUnit}
              />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div>
                <Label htmlFor={ids.heading}>Heading</Label>
                <select
                  id={ids.heading}
                  value={heading}
                  onChange={(e) => setHeading(e.target.value)}
                  className="border-input bg-background h-9 w-full rounded-md border px-2"
                >
                  {HEADINGS.map((h) => (
                    <option key={h.value} value={h.value}>
                      {h.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <Label htmlFor={ids.alts}>Alternatives</Label>
                <Input
                  id={ids.alts}
                  type="number"
                  min={1}
                  max={5}
                  step={1}
                  value={alternatives}
                  onChange={(e) => setAlternatives(e.target.value)}
                />
              </div>
            </div>
            <div>
              <Label htmlFor={ids.seed}>Seed</Label>
              <div className="flex gap-2">
                <Input id={ids.seed} type="number" min={0} step={1} value={seed} onChange={(e) => setSeed(e.target.value)} />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label="New random seed"
                  onClick={() => setSeed(String(nextSeed()))}
                >
                  <Dices className="size-4" aria-hidden />
                </Button>
              </div>
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-1 font-medium">Preferences</legend>
              {(
                [
                  ['preferPaths', 'Prefer paths and trails'],
                  ['avoidBusyRoads', 'Avoid busy roads'],
                  ['preferGreen', 'Prefer green areas'],
                ] as const
              ).map(([k, label]) => (
                <SwitchRow key={k} label={label} checked={prefs[k]} onCheckedChange={(v) => setPrefs((p) => ({ ...p, [k]: v }))} />
              ))}
            </fieldset>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Repeat className="size-4" aria-hidden />}
              Generate loops
            </Button>
            {error && (
              <p role="alert" className="text-destructive">
                {error}
              </p>
            )}
          </form>
          {loops.length > 0 && (
            <div className="space-y-2 border-t p-3 text-sm">
              <table className="w-full text-xs" data-loop-table>
                <caption className="text-muted-foreground mb-1 text-start">
                  {loops.length} loop{loops.length === 1 ? '' : 's'} from {start.name}
                </caption>
                <thead>
                  <tr className="text-muted-foreground">
                    <th className="py-1 text-start font-normal">Loop</th>
                    <th className="text-end font-normal">Distance</th>
                    <th className="text-end font-normal">Climb</th>
                    <th className="text-end font-normal">Retrace</th>
                    <th className="text-end font-normal">Paths</th>
                    <th className="text-end font-normal">Green</th>
                  </tr>
                </thead>
                <tbody>
                  {loops.map((l, i) => (
                    <tr key={i} className={cn('border-t', i === selected && 'bg-accent')} data-selected={i === selected}>
                      <td className="py-1.5">
                        <button
                          type="button"
                          className="font-medium underline-offset-2 hover:underline"
                          aria-pressed={i === selected}
                          onClick={() => setSelected(i)}
                        >
                          Option {i + 1}
                        </button>
                      </td>
                      <td className="text-end tabular-nums" dir="ltr">
                        {formatDistance(l.distanceM, unit)}
                      </td>
                      <td className="text-end tabular-nums" dir="ltr">
                        {formatClimb(l.ascentM, unit)}
                      </td>
                      <td className="text-end tabular-nums" dir="ltr">
                        {pct(l.retrace)}
                      </td>
                      <td className="text-end tabular-nums" dir="ltr" data-path-share>
                        {l.pathShare === undefined ? '…' : l.pathShare === null ? '—' : pct(l.pathShare)}
                      </td>
                      <td className="text-end tabular-nums" dir="ltr">
                        {l.distanceM > 0 ? pct((l.greenM ?? 0) / l.distanceM) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Button type="button" variant="secondary" className="w-full" onClick={openInPlanner}>
                Open option {selected + 1} in the planner
              </Button>
            </div>
          )}
        </aside>
        <RegionMap
          region={region}
          className="h-[45vh] min-h-0 md:h-auto md:flex-1"
          ariaLabel="Loop generator map"
          scaleUnit={unit === 'mi' ? 'imperial' : 'metric'}
          handle="generate-route"
          onLoad={onMapLoad}
          initialView={{ center: [REGION_START.andorra.lon, REGION_START.andorra.lat], zoom: 12.5 }}
        >
          <ChatOverlays drawing={drawing} />
        </RegionMap>
      </div>
    </div>
  );
}
