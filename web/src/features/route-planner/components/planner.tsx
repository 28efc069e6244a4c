import { useQueryClient } from '@tanstack/react-query';
import { Download, FolderOpen, Link2, LogIn, Route as RouteIcon, Save, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { RegionMap, useMapInsets } from '@/components/map';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { CreateRouteBody as RouteBody, SavedRoute } from '@waymark/contracts/routes';
import { useCreateRoute } from '../api/create-route';
import { getRouteQueryOptions, useRoute } from '../api/get-route';
import { routeKeys } from '../api/keys';
import { useUpdateRoute } from '../api/update-route';
import { wp } from '../lib/edit';
import { EXPORT_FORMATS, download, fileName, readTrackFile, routeFileText } from '../lib/io';
import { enqueue, isOffline, syncOutbox } from '../lib/outbox';
import { decodeRouteGeometry, encodeRouteGeometry, movingTime } from '@waymark/geo';
import { draftWaypoints, loadDraft, loadOutbox, saveDraft } from '../lib/storage';
import type { AssembledRoute, LoopAlternative, LonLat, Units, Waypoint } from '../lib/types';
import { formatDistance, formatElevation } from '../lib/units';
import { usePlanner } from '../lib/use-planner';
import { usePrefs } from '../lib/use-prefs';
import { ElevationProfile } from './elevation-profile';
import { LibraryDialog } from './library-dialog';
import { LoopDialog } from './loop-dialog';
import { PlaceSearch } from './place-search';
import { PlannerLayers } from './planner-layers';
import { SaveDialog, type SaveMeta } from './save-dialog';
import { BottomSheet } from './bottom-sheet';
import { Breakdown, StatsPanel } from './stats-panel';
import { Toolbar } from './toolbar';

export interface PlannerProps {
  /** 'app' = the installed-app layout (/run-app): phone-first, bottom sheet */
  variant: 'web' | 'app';
  region: string;
  /** open this saved route for editing */
  routeId?: string;
  /** show this route read-only (share link) */
  shareId?: string;
  /** change the URL's ?route= (after opening from the library or saving) */
  onRouteId(id: string | undefined): void;
}

/** Route rebuilt from a saved route's stored geometry (share view: no routing needed). */
function storedRoute(r: SavedRoute): AssembledRoute | null {
  let pts: [number, number, number][];
  try {
    pts = decodeRouteGeometry(r.geometry);
  } catch {
    return null;
  }
  if (pts.length < 2) return null;
  const cum = [0];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const kx = 111_320 * Math.cos((a[1] * Math.PI) / 180);
    cum.push(cum[i - 1]! + Math.hypot((b[0] - a[0]) * kx, (b[1] - a[1]) * 110_574));
  }
  return { coords: pts, cum, legStarts: [0], stats: r.stats, wayTypes: {}, surfaces: {} };
}

/** The route's moving time at this flat pace, from its own elevation (Tobler, as the planner). */
function withPace(r: AssembledRoute, paceSecPerKm: number): AssembledRoute {
  return {
    ...r,
    stats: {
      ...r.stats,
      timeS: movingTime(
        r.coords.map((c) => c[2]),
        r.cum,
        paceSecPerKm,
      ),
    },
  };
}

export function Planner(props: PlannerProps) {
  if (props.shareId) return <SharedRoute {...props} shareId={props.shareId} />;
  return <EditablePlanner {...props} />;
}

function SharedRoute({ shareId, region, variant }: PlannerProps & { shareId: string }) {
  const q = useRoute(shareId);
  const [hover, setHover] = useState<number | null>(null);
  // the viewer's own units and flat pace (kept like the planner's): the time is theirs, not the author's
  const [prefs, setPrefs] = usePrefs();
  const stored = useMemo(() => (q.data ? storedRoute(q.data) : null), [q.data]);
  const route = useMemo(() => (stored ? withPace(stored, prefs.paceSecPerKm) : null), [stored, prefs.paceSecPerKm]);
  const waypoints = useMemo<Waypoint[]>(() => (q.data ? q.data.waypoints.map((w, i) => ({ id: `s${i}`, ...w })) : []), [q.data]);
  const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
  const isMobile = useIsMobile();
  const phone = variant === 'app' || isMobile;
  const [sheetOpen, setSheetOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  // on phones the details are a sheet along the bottom: keep the map's controls above it
  useMapInsets(root, null, panel, phone);

  const name = q.data?.name ?? (notFound ? 'Route not found' : 'Loading route…');
  const details = (
    <div className="grid gap-2">
      {notFound ? <p className="text-sm text-muted-foreground">This route does not exist or is private.</p> : null}
      {q.data?.description ? <p className="text-sm text-muted-foreground">{q.data.description}</p> : null}
      {route ? (
        <>
          <StatsPanel
            route={route}
            units={prefs.units}
            paceSecPerKm={prefs.paceSecPerKm}
            onPace={(v) => setPrefs({ paceSecPerKm: v })}
            onUnits={(u) => setPrefs({ units: u })}
            status="ready"
          />
          <ElevationProfile route={route} units={prefs.units} hover={hover} onHover={setHover} />
        </>
      ) : null}
      {q.data ? (
        <Button
          variant="outline"
          onClick={() => {
            saveDraft({
              region: q.data.region,
              waypoints: q.data.waypoints.map((w) => wp(w.lon, w.lat, w.mode)),
              routeId: null,
              name: `${q.data.name} (copy)`.slice(0, 120),
              description: q.data.description,
              visibility: 'private',
            });
            location.assign(variant === 'app' ? '/run-app' : '/run');
          }}
        >
          Edit a copy in the planner
        </Button>
      ) : null}
    </div>
  );
  return (
    <div ref={root} className="fixed inset-0 flex flex-col">
      <RegionMap
        region={q.data?.region ?? region}
        className="flex-1"
        ariaLabel="Route map"
        scaleUnit={prefs.units === 'mi' ? 'imperial' : 'metric'}
      >
        <PlannerLayers
          waypoints={waypoints}
          route={route}
          units={prefs.units}
          hover={hover}
          alternatives={[]}
          selectedAlt={null}
          editable={false}
          fitKey={stored ? 1 : 0}
          flyTo={null}
          onAdd={() => undefined}
          onMove={() => undefined}
          onInsert={() => undefined}
          onDelete={() => undefined}
          onHover={setHover}
        />
      </RegionMap>
      {phone ? (
        <BottomSheet
          ref={panel}
          label="Shared route"
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          summary={
            <span className="grid min-w-0 text-start">
              <span className="truncate font-semibold">{name}</span>
              {route ? <RouteSummary route={route} units={prefs.units} /> : null}
            </span>
          }
        >
          {details}
        </BottomSheet>
      ) : (
        <section
          ref={panel}
          data-map-overlay
          aria-label="Shared route"
          className="absolute start-3 top-3 z-10 grid max-h-[calc(100%-5rem)] w-[26rem] gap-2 overflow-auto rounded-lg border bg-background/95 p-3 shadow-lg backdrop-blur"
        >
          <h1 className="text-base font-semibold">{name}</h1>
          {details}
        </section>
      )}
    </div>
  );
}

/** Distance and climb on one line (the phone sheet's summary). */
function RouteSummary({ route, units }: { route: AssembledRoute; units: Units }) {
  return (
    <span className="font-medium tabular-nums" data-testid="sheet-summary" dir="ltr">
      {`${formatDistance(route.stats.distanceM, units)} · ↑ ${formatElevation(route.stats.ascentM, units)}`}
    </span>
  );
}

function EditablePlanner({ variant, region, routeId, onRouteId }: PlannerProps) {
  const draft = useMemo(() => {
    const d = loadDraft();
    return d && d.region === region ? d : null;
  }, [region]);
  const [prefs, setPrefs] = usePrefs();
  const { waypoints, route, status, error, act, canUndo, canRedo, client } = usePlanner(region, draftWaypoints(draft), prefs.paceSecPerKm);
  const [meta, setMeta] = useState<SaveMeta & { routeId: string | null }>({
    routeId: draft?.routeId ?? null,
    name: draft?.name ?? '',
    description: draft?.description ?? '',
    visibility: draft?.visibility ?? 'private',
  });
  // for the offline-save sync, which outlives renders
  const metaRef = useRef(meta);
  const onRouteIdRef = useRef(onRouteId);
  useEffect(() => {
    metaRef.current = meta;
    onRouteIdRef.current = onRouteId;
  });
  const [hover, setHover] = useState<number | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const [flyTo, setFlyTo] = useState<{ at: LonLat; key: number } | null>(null);
  const [dialog, setDialog] = useState<null | 'clear' | 'loop' | 'save' | 'library' | 'share'>(null);
  const [alts, setAlts] = useState<LoopAlternative[]>([]);
  const [selectedAlt, setSelectedAlt] = useState<number | null>(null);
  const [loopStart, setLoopStart] = useState<LonLat | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [pending, setPending] = useState(() => loadOutbox().length);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const mapCenter = useRef<LonLat | null>(null);
  const session = useSession();
  const qc = useQueryClient();
  const createRoute = useCreateRoute();
  const updateRoute = useUpdateRoute();
  const isMobile = useIsMobile();
  const phone = variant === 'app' || isMobile;
  const root = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);
  const sheet = useRef<HTMLElement>(null);
  // on phones the header spans the top and the sheet the bottom: keep the map's controls clear
  useMapInsets(root, header, sheet, phone);
  // Offline the session cannot be checked: trust the last answer so saves can be queued.
  const signedIn = session.data ? true : session.data === null ? false : wasSignedIn();
  useEffect(() => {
    if (session.data !== undefined) rememberSignedIn(!!session.data);
  }, [session.data]);

  // The unsaved route survives a reload.
  useEffect(() => {
    saveDraft({ region, waypoints, routeId: meta.routeId, name: meta.name, description: meta.description, visibility: meta.visibility });
  }, [region, waypoints, meta]);

  // Open a saved route from ?route=<id>.
  const loaded = useRef<string | null>(draft?.routeId ?? null);
  useEffect(() => {
    if (!routeId || loaded.current === routeId) return;
    loaded.current = routeId;
    qc.fetchQuery(getRouteQueryOptions(routeId)).then(
      (r) => {
        act({ type: 'reset', waypoints: r.waypoints.map((w) => wp(w.lon, w.lat, w.mode)) });
        setMeta({
          routeId: r.owned ? r.id : null,
          name: r.owned ? r.name : `${r.name} (copy)`.slice(0, 120),
          description: r.description,
          visibility: r.owned ? r.visibility : 'private',
        });
        setFitKey((k) => k + 1);
      },
      (err: unknown) => toast.error('Could not open the route', { description: err instanceof Error ? err.message : String(err) }),
    );
  }, [routeId, qc, act]);

  // Replay saves queued while offline.
  const sync = useCallback(async () => {
    if (!loadOutbox().length) return;
    const r = await syncOutbox();
    setPending(loadOutbox().length);
    if (r.synced.length) {
      const copies = r.synced.filter((s) => s.asNew).map((s) => `“${s.name}”`);
      toast.success(`Synced ${r.synced.length} offline save${r.synced.length > 1 ? 's' : ''}`, {
        description: copies.length
          ? `${copies.join(', ')} had been deleted or could not be changed, so ${copies.length > 1 ? 'they were' : 'it was'} saved as new.`
          : undefined,
      });
      // the route on show was one of them: keep editing the saved copy
      const mine = r.synced.findLast((s) => s.from === metaRef.current.routeId && s.name === metaRef.current.name);
      if (mine && mine.id !== metaRef.current.routeId) {
        setMeta((m) => ({ ...m, routeId: mine.id }));
        loaded.current = mine.id;
        onRouteIdRef.current(mine.id);
      }
      await qc.invalidateQueries({ queryKey: routeKeys.all });
    }
    for (const f of r.refused) toast.error(`Could not sync the offline save “${f.name || 'Untitled'}”`, { description: f.message });
  }, [qc]);
  useEffect(() => {
    const first = setTimeout(() => void sync(), 0);
    const on = () => void sync();
    window.addEventListener('online', on);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', on);
    };
  }, [sync]);

  // Undo / redo from the keyboard (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z') {
        e.preventDefault();
        act({ type: e.shiftKey ? 'redo' : 'undo' });
      } else if (k === 'y') {
        e.preventDefault();
        act({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  useEffect(() => {
    if (error) toast.error('Routing failed', { description: error, id: 'planner-route-error' });
  }, [error]);

  const body = (m: SaveMeta): RouteBody | null =>
    route
      ? {
          name: m.name,
          description: m.description,
          visibility: m.visibility,
          region,
          waypoints: waypoints.map((w) => ({ lon: w.lon, lat: w.lat, mode: w.mode })),
          geometry: encodeRouteGeometry(route.coords),
          stats: {
            distanceM: route.stats.distanceM,
            ascentM: route.stats.ascentM,
            descentM: route.stats.descentM,
            timeS: route.stats.timeS,
          },
        }
      : null;

  const save = async (m: SaveMeta, asNew: boolean) => {
    const b = body(m);
    if (!b) throw new Error('Add at least two waypoints first.');
    const id = asNew ? null : meta.routeId;
    try {
      const saved = id ? await updateRoute.mutateAsync({ id, body: b }) : await createRoute.mutateAsync(b);
      setMeta({ routeId: saved.id, name: saved.name, description: saved.description, visibility: saved.visibility });
      loaded.current = saved.id;
      onRouteId(saved.id);
      toast.success(`Saved “${saved.name}”`);
    } catch (err) {
      if (!isOffline(err)) throw err;
      enqueue(id, b);
      setPending(loadOutbox().length);
      setMeta({ ...m, routeId: id });
      toast.message('Saved offline', { description: 'It will sync when you are back online.' });
    }
    setDialog(null);
  };

  const useLoop = (a: LoopAlternative) => {
    act({ type: 'replace', waypoints: a.waypoints.map((p) => wp(p[0], p[1], 'snap')) });
    setAlts([]);
    setSelectedAlt(null);
    setDialog(null);
    setMeta((m) => ({ ...m, routeId: null, name: m.name || `Loop ${(a.distanceM / 1000).toFixed(1)} km` }));
  };

  const onImport = async (file: File) => {
    setImportError(null);
    try {
      const t = await readTrackFile(file);
      act({ type: 'replace', waypoints: t.waypoints.map((p) => wp(p[0], p[1], prefs.mode)) });
      setMeta({ routeId: null, name: t.name.slice(0, 120), description: t.description.slice(0, 2000), visibility: 'private' });
      setFitKey((k) => k + 1);
      toast.success(`Imported “${file.name}”`);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      setImportError(msg);
      toast.error('Import failed', { description: msg });
    }
  };

  const shareUrl = meta.routeId ? `${location.origin}/run?share=${meta.routeId}` : null;

  const stats = (
    <div className="grid gap-3">
      <StatsPanel
        route={route}
        units={prefs.units}
        paceSecPerKm={prefs.paceSecPerKm}
        onPace={(v) => setPrefs({ paceSecPerKm: v })}
        onUnits={(u) => setPrefs({ units: u })}
        status={status}
      />
      {route ? (
        <ElevationProfile route={route} units={prefs.units} hover={hover} onHover={setHover} />
      ) : (
        <p className="text-xs text-muted-foreground">
          Click the map to add waypoints. Drag them to move, drag the line to add one; double-click or right-click a waypoint (long-press on
          touch) to delete it.
        </p>
      )}
      {route ? <Breakdown title="Surface" parts={route.surfaces} units={prefs.units} /> : null}
      {route ? <Breakdown title="Way types" parts={route.wayTypes} units={prefs.units} /> : null}
      {waypoints.length ? (
        <WaypointList
          waypoints={waypoints}
          onMode={(i, m) => act({ type: 'mode', index: i, mode: m })}
          onDelete={(id) => act({ type: 'delete', id })}
        />
      ) : null}
    </div>
  );

  const actions = (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setLoopStart(waypoints[0] ? [waypoints[0].lon, waypoints[0].lat] : mapCenter.current);
          setDialog('loop');
        }}
      >
        <RouteIcon /> Loop
      </Button>
      {signedIn ? (
        <>
          <Button size="sm" variant="outline" onClick={() => setDialog('save')} disabled={!route}>
            <Save /> Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDialog('library')}>
            <FolderOpen /> Library{pending ? ` (${pending})` : ''}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" asChild>
          <a href={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
            <LogIn /> Sign in to save
          </a>
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="ghost" aria-label="Import and export">
            <Download /> File
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Export</DropdownMenuLabel>
          {EXPORT_FORMATS.map((f) => (
            <DropdownMenuItem
              key={f.format}
              disabled={!route}
              onSelect={() =>
                route && download(routeFileText(f.format, route, meta.name, meta.description), fileName(meta.name, f.ext), f.mime)
              }
            >
              Export {f.label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => fileInput.current?.click()}>
            <Upload /> Import GPX, KML or GeoJSON…
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!meta.routeId} onSelect={() => setDialog('share')}>
            <Link2 /> Share link…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <input
        ref={fileInput}
        type="file"
        accept=".gpx,.kml,.geojson,.json,application/gpx+xml,application/vnd.google-earth.kml+xml,application/geo+json,application/json"
        className="sr-only"
        aria-label="Import a route file"
        data-testid="import-file"
        tabIndex={-1}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void onImport(f);
        }}
      />
    </div>
  );

  return (
    <div
      ref={root}
      className="fixed inset-0 overflow-hidden"
      data-testid="route-planner"
      data-routing-engine={client.engine}
      data-route-status={status}
    >
      <RegionMap
        region={region}
        className="absolute inset-0"
        scaleUnit={prefs.units === 'mi' ? 'imperial' : 'metric'}
        ariaLabel="Route planner map: click, or press Enter, to add a waypoint at the centre; Delete removes the last"
        onLoad={(m) => {
          // the map instance for browser tests and debugging (same hook as the other map pages)
          (window as unknown as { __waymarkMap?: unknown }).__waymarkMap = m;
          mapCenter.current = [m.getCenter().lng, m.getCenter().lat];
          m.on('moveend', () => (mapCenter.current = [m.getCenter().lng, m.getCenter().lat]));
          if (waypoints.length) setFitKey((k) => k + 1);
        }}
      >
        <PlannerLayers
          waypoints={waypoints}
          route={route}
          units={prefs.units}
          hover={hover}
          alternatives={alts}
          selectedAlt={selectedAlt}
          editable
          fitKey={fitKey}
          flyTo={flyTo}
          onAdd={(at) => act({ type: 'add', at, mode: prefs.mode })}
          onMove={(id, to) => act({ type: 'move', id, to })}
          onInsert={(leg, at) => act({ type: 'insert', leg, at })}
          onDelete={(id) => act({ type: 'delete', id })}
          onHover={setHover}
        />
      </RegionMap>

      <header
        ref={header}
        data-map-overlay
        className={cn(
          'absolute z-10 grid gap-2 rounded-lg border bg-background/95 p-2 shadow-lg backdrop-blur',
          phone ? 'inset-x-2 top-2' : 'top-3 start-3 w-[27.5rem]',
        )}
      >
        <h1 className="truncate px-1 text-sm font-semibold">
          Running Route Planner{meta.name ? <span className="font-normal text-muted-foreground"> · {meta.name}</span> : null}
        </h1>
        <PlaceSearch
          region={region}
          onPick={(at) => setFlyTo({ at, key: Date.now() })}
          onLocate={(at) => setFlyTo({ at, key: Date.now() })}
        />
        <Toolbar
          compact={phone}
          mode={prefs.mode}
          onMode={(m) => setPrefs({ mode: m })}
          canUndo={canUndo}
          canRedo={canRedo}
          count={waypoints.length}
          onUndo={() => act({ type: 'undo' })}
          onRedo={() => act({ type: 'redo' })}
          onReverse={() => act({ type: 'reverse' })}
          onOutAndBack={() => act({ type: 'outAndBack' })}
          onCloseLoop={() => act({ type: 'closeLoop', mode: prefs.mode })}
          onClear={() => setDialog('clear')}
        />
        {actions}
        {importError ? (
          <p role="alert" className="text-xs text-destructive">
            {importError}
          </p>
        ) : null}
      </header>

      {phone ? (
        <BottomSheet
          ref={sheet}
          label="Route details"
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          summary={route ? <RouteSummary route={route} units={prefs.units} /> : <span data-testid="sheet-summary">No route yet</span>}
        >
          {stats}
        </BottomSheet>
      ) : (
        <aside
          data-map-overlay
          aria-label="Route details"
          className="absolute end-14 top-3 z-10 max-h-[calc(100%-5rem)] w-[24rem] overflow-auto rounded-lg border bg-background/95 p-3 shadow-lg backdrop-blur"
        >
          {stats}
        </aside>
      )}

      <Dialog open={dialog === 'clear'} onOpenChange={(o) => setDialog(o ? 'clear' : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clear the route?</DialogTitle>
            <DialogDescription>All {waypoints.length} waypoints are removed. You can undo this.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                act({ type: 'clear' });
                setMeta({ routeId: null, name: '', description: '', visibility: 'private' });
                onRouteId(undefined);
                loaded.current = null;
                setDialog(null);
              }}
            >
              Clear
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <LoopDialog
        open={dialog === 'loop'}
        onOpenChange={(o) => {
          setDialog(o ? 'loop' : null);
          if (!o) {
            setAlts([]);
            setSelectedAlt(null);
          }
        }}
        start={loopStart}
        units={prefs.units}
        generate={(req) => client.loops({ ...req, paceSecPerKm: prefs.paceSecPerKm })}
        alternatives={alts}
        onAlternatives={setAlts}
        selected={selectedAlt}
        onSelect={setSelectedAlt}
        onUse={useLoop}
      />

      <SaveDialog
        open={dialog === 'save'}
        onOpenChange={(o) => setDialog(o ? 'save' : null)}
        initial={{ name: meta.name, description: meta.description, visibility: meta.visibility }}
        existing={!!meta.routeId}
        onSave={save}
      />

      <LibraryDialog
        open={dialog === 'library'}
        onOpenChange={(o) => setDialog(o ? 'library' : null)}
        units={prefs.units}
        pending={pending}
        onOpen={(id) => {
          setDialog(null);
          loaded.current = null;
          onRouteId(id);
        }}
      />

      <Dialog open={dialog === 'share'} onOpenChange={(o) => setDialog(o ? 'share' : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share link</DialogTitle>
            <DialogDescription>
              {meta.visibility === 'private'
                ? 'This route is private: make it unlisted so people with the link can see it (read-only).'
                : 'Anyone with this link can view the route (read-only).'}
            </DialogDescription>
          </DialogHeader>
          {shareUrl ? (
            <input
              readOnly
              aria-label="Share link"
              value={shareUrl}
              className="w-full rounded-md border bg-muted px-2 py-1.5 text-sm"
              onFocus={(e) => e.target.select()}
            />
          ) : null}
          <DialogFooter>
            {meta.visibility === 'private' && meta.routeId ? (
              <Button
                variant="outline"
                onClick={async () => {
                  try {
                    const r = await updateRoute.mutateAsync({ id: meta.routeId!, body: { visibility: 'unlisted' } });
                    setMeta((m) => ({ ...m, visibility: r.visibility }));
                  } catch (err) {
                    toast.error('Could not change visibility', { description: err instanceof Error ? err.message : String(err) });
                  }
                }}
              >
                Make unlisted
              </Button>
            ) : null}
            <Button
              disabled={!shareUrl || meta.visibility === 'private'}
              onClick={() => {
                if (!shareUrl) return;
                void navigator.clipboard?.writeText(shareUrl).then(
                  () => toast.success('Link copied'),
                  () => toast.message(shareUrl),
                );
              }}
            >
              Copy link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

const SIGNED_IN_KEY = 'waymark.planner.signed-in';
function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
function rememberSignedIn(v: boolean) {
  try {
    localStorage.setItem(SIGNED_IN_KEY, v ? '1' : '0');
  } catch {
    /* storage disabled */
  }
}

function WaypointList({
  waypoints,
  onMode,
  onDelete,
}: {
  waypoints: Waypoint[];
  onMode(i: number, m: Waypoint['mode']): void;
  onDelete(id: string): void;
}) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer font-semibold">Waypoints ({waypoints.length})</summary>
      <ol className="mt-1 grid gap-1" aria-label="Waypoints">
        {waypoints.map((w, i) => (
          <li key={w.id} className="flex items-center gap-2">
            <span className="w-5 text-end tabular-nums text-muted-foreground">{i + 1}</span>
            {i > 0 ? (
              <select
                aria-label={`Leg ${i} mode`}
                className="rounded border bg-transparent px-1 py-0.5 dark:bg-input/30"
                value={w.mode}
                onChange={(e) => onMode(i, e.target.value as Waypoint['mode'])}
              >
                <option value="snap">snap</option>
                <option value="freehand">freehand</option>
              </select>
            ) : (
              <span className="px-1 text-muted-foreground">start</span>
            )}
            <span className="flex-1 truncate tabular-nums text-muted-foreground">
              {w.lat.toFixed(5)}, {w.lon.toFixed(5)}
            </span>
            <button
              type="button"
              className="rounded px-1.5 hover:bg-accent"
              aria-label={`Delete waypoint ${i + 1}`}
              onClick={() => onDelete(w.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}
