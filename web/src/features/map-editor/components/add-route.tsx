import { addLayerWithFeatures, ProjectMap } from '@waymark/collab';
import { decodeRouteGeometry } from '@waymark/geo/io/polyline';
import { Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type * as Y from 'yjs';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDistance } from '@/lib/units';
import { fetchRoute, useAddRouteLayer, useMyRoutes } from '../api/routes';
import { LOCAL_ORIGIN } from '../lib/editor-store';

/**
 * "Add route": one of the user's saved planner routes becomes a new layer — a copy of the route's
 * line with its name, distance, climb and time as properties (later edits of the route in the
 * planner do not change the layer; add it again for the new version).
 */
export function AddRouteButton({ onAdd, disabled }: { onAdd: (routeId: string) => Promise<void>; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const routes = useMyRoutes(open);
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <RouteIcon aria-hidden /> <span className="max-sm:sr-only">Add route</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add a saved route as a layer</DialogTitle>
            <DialogDescription>The route’s line is copied into a new layer with its distance, climb and time.</DialogDescription>
          </DialogHeader>
          {routes.isLoading && <Skeleton className="h-24" />}
          {routes.error && <p role="alert">Could not load your routes.</p>}
          {routes.data && routes.data.items.length === 0 && (
            <p className="text-muted-foreground text-sm">No saved routes yet. Plan one in the route planner.</p>
          )}
          <ul className="grid max-h-80 gap-1 overflow-y-auto">
            {routes.data?.items.map((r) => (
              <li key={r.id}>
                <Button
                  variant="ghost"
                  className="h-auto w-full justify-between py-2"
                  disabled={busy !== null}
                  onClick={async () => {
                    setBusy(r.id);
                    try {
                      await onAdd(r.id);
                      toast.success(`Added “${r.name}” as a layer`);
                      setOpen(false);
                    } catch (e) {
                      toast.error(e instanceof ApiError || e instanceof Error ? e.message : 'Could not add the route');
                    } finally {
                      setBusy(null);
                    }
                  }}
                >
                  <bdi className="truncate">{r.name}</bdi>
                  <span className="text-muted-foreground text-xs tabular-nums">{formatDistance(r.stats.distanceM, 'km')}</span>
                </Button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The scratch map copies a route locally (no server document to write through). */
export async function addRouteLocally(doc: Y.Doc, userId: string, routeId: string): Promise<void> {
  const route = await fetchRoute(routeId);
  const coordinates = decodeRouteGeometry(route.geometry);
  if (coordinates.length < 2) throw new Error('The route has no line to add');
  const map = new ProjectMap(doc, { userId, origin: LOCAL_ORIGIN });
  const properties: Record<string, unknown> = {
    name: route.name,
    route_id: route.id,
    distance_m: Math.round(route.stats.distanceM),
    ascent_m: Math.round(route.stats.ascentM),
    descent_m: Math.round(route.stats.descentM),
    moving_time_s: Math.round(route.stats.timeS),
  };
  if (route.description) properties.description = route.description;
  addLayerWithFeatures(map, {
    name: route.name,
    source: { kind: 'route', routeId: route.id, name: route.name.slice(0, 200) },
    features: [{ geometry: { type: 'LineString', coordinates }, properties }],
  });
}

export function useProjectRouteAdder(projectId: string) {
  const add = useAddRouteLayer(projectId);
  return async (routeId: string) => {
    await add.mutateAsync(routeId);
  };
}
