// The planner route's loader, in the initial bundle (it must not pull in the planner's chunk): the
// map's chunk and the region list start downloading at once, and the route renders once the list
// is in the query cache, so the planner mounts its map in its first render instead of a render
// later (it draws nothing before it knows the region exists).
import type { QueryClient } from '@tanstack/react-query';
import { preloadRegionMap } from '@/components/map/region-map';
import { fetchRegions } from '@/components/map/regions';

/** The query key of the region list the planner reads (GET /api/regions). */
export const REGIONS_QUERY_KEY = ['regions'] as const;

/** Resolves once the region list is in `queryClient`'s cache, or could not be loaded (the planner then asks again). */
export async function preloadPlanner(queryClient: QueryClient): Promise<void> {
  preloadRegionMap();
  const list = await fetchRegions().catch(() => undefined);
  if (list) queryClient.setQueryData(REGIONS_QUERY_KEY, list);
}
