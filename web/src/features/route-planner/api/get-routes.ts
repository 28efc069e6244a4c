import { queryOptions, useQuery } from '@tanstack/react-query';
import { routePage, type RouteListParams, type RoutePage } from '@waymark/contracts/routes';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

function searchParams(p: RouteListParams): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') s.set(k, String(v));
  const t = s.toString();
  return t ? `?${t}` : '';
}

/** GET /api/routes: the signed-in user's saved routes, one page (401 when signed out: no redirect, the library says so). */
export const getRoutes = (params: RouteListParams, signal?: AbortSignal): Promise<RoutePage> =>
  api(`/api/routes${searchParams(params)}`, { signal, schema: routePage, redirect: false });

export const getRoutesQueryOptions = (params: RouteListParams = {}) =>
  queryOptions({
    queryKey: routeKeys.list(params),
    queryFn: ({ signal }) => getRoutes(params, signal),
  });

export function useRoutes(params: RouteListParams = {}, config: Partial<QueryConfig<typeof getRoutesQueryOptions>> = {}) {
  return useQuery({ ...getRoutesQueryOptions(params), ...config });
}
