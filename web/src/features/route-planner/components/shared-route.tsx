import { decodeRouteGeometry, elevationProfile, fillElevation, movingTime } from '@waymark/geo';
import { useMemo, useRef, useState } from 'react';
import { RegionMap, useMapInsets } from '@/components/map';
import { ElevationProfile } from '@/components/map/elevation-profile';
import { MapKey } from '@/components/map/map-key';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useIsMobile } from '@/lib/use-media-query';
import type { SavedRoute } from '@waymark/contracts/routes';
import { useRoute } from '../api/get-route';
import { wp } from '../lib/edit';
import { saveDraft } from '../lib/storage';
import type { AssembledRoute, LoopAlternative, Waypoint } from '../lib/types';
import { usePrefs } from '../lib/use-prefs';
import { BottomSheet } from './bottom-sheet';
import { PlannerLayers } from './planner-layers';
import { RouteSummary } from './route-details';
import { GradeBreakdown, SplitsTable, type BandSelection } from './route-analysis';
import { StatsPanel } from './stats-panel';

/** Route rebuilt from a saved route's stored geometry (share view: no routing needed). */
export function storedRoute(r: SavedRoute): AssembledRoute | null {
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
  // the profile (and so the grade breakdown and colouring) from the stored line's own elevation
  const ele = fillElevation(
    pts.map((p) => p[2]),
    cum,
  );
  return {
    coords: pts,
    cum,
    legStarts: [0],
    stats: r.stats,
    wayTypes: {},
    surfaces: {},
    ...(ele ? { profile: elevationProfile(ele, cum) } : {}),
  };
}

/** The route's moving time at this flat pace, from its own elevation (Tobler, as the planner). */
export function withPace(r: AssembledRoute, paceSecPerKm: number): AssembledRoute {
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

const nothing = () => undefined;
const NO_ALTERNATIVES: LoopAlternative[] = [];

/**
 * The read-only view of a shared route (/run?share=<id>): its stored line, stats for the viewer's
 * own pace and units, the profile, the grade breakdown (its bands highlight their stretches; colour
 * by grade) and the splits. Surface and way-type shares need the routing graph's segments, which a
 * saved route does not store, so they are the planner's only.
 */
export function SharedRoute({ shareId, region, variant }: { shareId: string; region: string; variant: 'web' | 'app' }) {
  const q = useRoute(shareId);
  const [hover, setHover] = useState<number | null>(null);
  const [band, setBand] = useState<BandSelection | null>(null);
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
          <GradeBreakdown
            route={route}
            units={prefs.units}
            band={band}
            onBand={setBand}
            gradeColours={prefs.gradeColours}
            onGradeColours={(on) => setPrefs({ gradeColours: on })}
          />
          <SplitsTable route={route} units={prefs.units} paceSecPerKm={prefs.paceSecPerKm} />
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
        handle="shared-route"
        scaleUnit={prefs.units === 'mi' ? 'imperial' : 'metric'}
      >
        <PlannerLayers
          waypoints={waypoints}
          route={route}
          units={prefs.units}
          hover={hover}
          alternatives={NO_ALTERNATIVES}
          selectedAlt={null}
          editable={false}
          fitKey={stored ? 1 : 0}
          flyTo={null}
          onAdd={nothing}
          onMove={nothing}
          onInsert={nothing}
          onDelete={nothing}
          onHover={setHover}
          gradeColours={prefs.gradeColours}
          band={band}
        />
        <MapKey />
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
          className="absolute start-3 top-3 z-10 grid max-h-[calc(100%-5rem)] w-[26rem] gap-2 overflow-auto rounded-lg border bg-background/95 p-3 shadow-lg"
        >
          <h1 className="text-base font-semibold">{name}</h1>
          {details}
        </section>
      )}
    </div>
  );
}
