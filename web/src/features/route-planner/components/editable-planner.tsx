import { useRef, useState } from 'react';
import { RegionMap, useMapInsets } from '@/components/map';
import { MapKey } from '@/components/map/map-key';
import { BottomSheet } from './bottom-sheet';
import { PlannerDialogs } from './planner-dialogs';
import { PlannerHeader } from './planner-header';
import { PlannerLayers } from './planner-layers';
import { useUnroutedNotice } from '../lib/use-unrouted-notice';
import { PlannerProvider, usePlannerContext, type EditablePlannerProps } from './planner-provider';
import { RouteDetails, RouteSummary } from './route-details';

/** The planner that edits: its state in <PlannerProvider>, laid out over the map. */
export function EditablePlanner(props: EditablePlannerProps) {
  return (
    <PlannerProvider {...props}>
      <PlannerLayout />
    </PlannerProvider>
  );
}

/** Map, header, details (a side panel, or a bottom sheet on phones) and dialogs. */
function PlannerLayout() {
  const { region, phone, prefs, client, status, waypoints, planned, route, loop, act, view, onRouteAnswer } = usePlannerContext();
  const [sheetOpen, setSheetOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);
  const sheet = useRef<HTMLElement>(null);
  // on phones the header spans the top and the sheet the bottom: keep the map's controls clear
  useMapInsets(root, header, sheet, phone);
  useUnroutedNotice(route, act);

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
        handle="route-planner"
        scaleUnit={prefs.units === 'mi' ? 'imperial' : 'metric'}
        ariaLabel="Route planner map: click, or press Enter, to add a waypoint at the centre; Delete removes the last"
        onLoad={view.onMapLoad}
      >
        <PlannerLayers
          waypoints={waypoints}
          planned={planned}
          route={route}
          units={prefs.units}
          hover={view.hover}
          alternatives={loop.alternatives}
          selectedAlt={loop.selected}
          editable
          fitKey={view.fitKey}
          flyTo={view.flyTo}
          gradeColours={prefs.gradeColours}
          band={view.band}
          onRouteAnswer={onRouteAnswer}
          onAdd={(at) => act({ type: 'add', at, mode: prefs.mode })}
          onMove={(id, to) => act({ type: 'move', id, to })}
          onInsert={(leg, at) => act({ type: 'insert', leg, at })}
          onDelete={(id) => act({ type: 'delete', id })}
          onHover={view.setHover}
        />
        <MapKey />
      </RegionMap>

      <PlannerHeader ref={header} />

      {phone ? (
        <BottomSheet
          ref={sheet}
          label="Route details"
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          summary={route ? <RouteSummary route={route} units={prefs.units} /> : <span data-testid="sheet-summary">No route yet</span>}
        >
          <RouteDetails />
        </BottomSheet>
      ) : (
        <aside
          data-map-overlay
          aria-label="Route details"
          className="absolute end-14 top-3 z-10 max-h-[calc(100%-5rem)] w-[24rem] overflow-auto rounded-lg border bg-background/95 p-3 shadow-lg"
        >
          <RouteDetails />
        </aside>
      )}

      <PlannerDialogs />
    </div>
  );
}
