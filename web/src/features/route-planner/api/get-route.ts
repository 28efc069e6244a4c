import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedRoute, type SavedRoute } from '@waymark/contracts/routes';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

/** GET /api/routes/:id: one saved route the viewer may see (its own, unlisted or public). */
export const getRoute = (id: string, signal?: AbortSignal): Promise<SavedRoute> =>
  api(`/api/routes/${encodeURIComponent(id)}`, { signal, schema: savedRoute, redirect: false, toast: false });

export const getRouteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKeys.detail(id),
    queryFn: ({ signal }) => getRoute(id, signal),
    retry: false,
  });

export function useRoute(id: string, config: Partial<QueryConfig<typeof getRouteQueryOptions>> = {}) {
  return useQuery({ ...getRouteQueryOptions(id), ...config });
}
