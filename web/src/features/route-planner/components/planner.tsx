import { useQuery } from '@tanstack/react-query';
import { fetchRegions } from '@/components/map';
import { REGIONS_QUERY_KEY } from '../lib/preload';
import { EditablePlanner } from './editable-planner';
import { NoSuchRegion } from './no-such-region';
import type { EditablePlannerProps } from './planner-provider';
import { SharedRoute } from './shared-route';

export interface PlannerProps extends EditablePlannerProps {
  /** show this route read-only (share link) */
  shareId?: string;
}

/** The Running Route Planner (/run, /run-app): the editor, or with `shareId` the read-only view of a shared route. */
export function Planner({ shareId, ...props }: PlannerProps) {
  // The route's loader has put the region list in the cache (/run; the map waits for it too). A region the
  // server does not have gets its own page; if the list cannot be loaded (offline without a cached
  // copy), the planner opens and the map says what it can.
  const regions = useQuery({ queryKey: REGIONS_QUERY_KEY, queryFn: fetchRegions, staleTime: 300_000, retry: false });
  if (shareId) return <SharedRoute shareId={shareId} region={props.region} variant={props.variant} />;
  if (regions.isPending) return null;
  if (regions.data && !regions.data.some((r) => r.name === props.region))
    return <NoSuchRegion region={props.region} regions={regions.data} variant={props.variant} />;
  return <EditablePlanner {...props} />;
}
