import type { Ref } from 'react';
import { PlaceSearch } from '@/components/map/place-search';
import { cn } from '@/lib/utils';
import { PlannerActions } from './planner-actions';
import { usePlannerContext } from './planner-provider';
import { Toolbar } from './toolbar';

/** The planner's header over the map: title and route name, place search, editing toolbar, actions. */
export function PlannerHeader({ ref }: { ref: Ref<HTMLElement> }) {
  const { region, phone, prefs, setPrefs, act, canUndo, canRedo, waypoints, doc, setDialog, view } = usePlannerContext();
  return (
    <header
      ref={ref}
      data-map-overlay
      className={cn(
        'absolute z-10 grid gap-2 rounded-lg border bg-background/95 p-2 shadow-lg',
        phone ? 'inset-x-2 top-2' : 'top-3 start-3 w-[29.5rem]',
      )}
    >
      <h1 className="truncate px-1 text-sm font-semibold">
        Running Route Planner{doc.meta.name ? <span className="font-normal text-muted-foreground"> · {doc.meta.name}</span> : null}
      </h1>
      <PlaceSearch
        region={region}
        units={prefs.units}
        onPick={(at, place) => view.flyToPoint(at, place.name)}
        onLocate={(at) => view.flyToPoint(at, 'You are here')}
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
        routePrefs={prefs.routePrefs}
        onRoutePrefs={(routePrefs) => setPrefs({ routePrefs })}
      />
      <PlannerActions />
      {doc.importError ? (
        <p role="alert" className="text-xs text-destructive">
          {doc.importError}
        </p>
      ) : null}
    </header>
  );
}
