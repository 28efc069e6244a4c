import { memo, useCallback, useDeferredValue } from 'react';
import { ElevationProfile } from '@/components/map/elevation-profile';
import { formatDistance, formatElevation } from '@/lib/units';
import type { AssembledRoute, Units } from '../lib/types';
import { usePlannerContext } from './planner-provider';
import { Button } from '@/components/ui/button';
import { isFixed } from '../lib/edit';
import { Breakdown, GradeBreakdown, SplitsTable } from './route-analysis';
import { StatsPanel } from './stats-panel';
import { WaypointList } from './waypoint-list';

const Profile = memo(ElevationProfile);
const Grades = memo(GradeBreakdown);
const Parts = memo(Breakdown);
const Splits = memo(SplitsTable);

/** The editable route's details: stats, elevation profile, surface and way-type shares, waypoints. */
export function RouteDetails() {
  const { route, waypoints, status, act, prefs, setPrefs, view } = usePlannerContext();
  const fixed = waypoints.some(isFixed);
  // The profile chart and the analysis draw a new route a render later, in a transition: a route's
  // answer is rendered at once (flushSync) so that its map sources are updated before MapLibre's
  // next frame, and redrawing these with it took ~50 ms of that task (docs/regions.md, fourth pass).
  // The stats above them follow the route at once. A cleared route goes at once too.
  const deferred = useDeferredValue(route);
  const analysed = route ? (deferred ?? route) : null;
  const onGradeColours = useCallback((on: boolean) => setPrefs({ gradeColours: on }), [setPrefs]);
  return (
    <div className="grid gap-3">
      <StatsPanel
        route={route}
        units={prefs.units}
        paceSecPerKm={prefs.paceSecPerKm}
        onPace={(v) => setPrefs({ paceSecPerKm: v })}
        onUnits={(u) => setPrefs({ units: u })}
        status={status}
      />
      {analysed ? (
        <Profile route={analysed} units={prefs.units} hover={view.hover} onHover={view.setHover} />
      ) : (
        <p className="text-xs text-muted-foreground">
          Click the map to add waypoints. Drag them to move, drag the line to add one; double-click or right-click a waypoint (long-press on
          touch) to delete it.
        </p>
      )}
      {fixed ? (
        <div
          className="flex items-center justify-between gap-2 rounded-md border border-dashed px-2 py-1.5 text-[11px]"
          data-testid="fixed-track-note"
        >
          <span>Imported track kept as it is. Drag a handle to re-route its two legs.</span>
          <Button size="sm" variant="outline" className="h-7 shrink-0 text-xs" onClick={() => act({ type: 'snapAll' })}>
            Snap to paths
          </Button>
        </div>
      ) : null}
      {analysed ? (
        <>
          <Grades
            route={analysed}
            units={prefs.units}
            band={view.band}
            onBand={view.setBand}
            gradeColours={prefs.gradeColours}
            onGradeColours={onGradeColours}
          />
          <Parts title="Surface" kind="surface" parts={analysed.surfaces} units={prefs.units} band={view.band} onBand={view.setBand} />
          <Parts title="Way types" kind="wayType" parts={analysed.wayTypes} units={prefs.units} band={view.band} onBand={view.setBand} />
          <Splits route={analysed} units={prefs.units} paceSecPerKm={prefs.paceSecPerKm} />
        </>
      ) : null}
      {waypoints.length ? (
        <WaypointList
          waypoints={waypoints}
          onMode={(i, m) => act({ type: 'mode', index: i, mode: m })}
          onDelete={(id) => act({ type: 'delete', id })}
        />
      ) : null}
    </div>
  );
}

/** Distance and climb on one line (the phone sheet's summary). */
export function RouteSummary({ route, units }: { route: AssembledRoute; units: Units }) {
  return (
    <span className="font-medium tabular-nums" data-testid="sheet-summary" dir="ltr">
      {`${formatDistance(route.stats.distanceM, units)} · ↑ ${formatElevation(route.stats.ascentM, units)}`}
    </span>
  );
}
