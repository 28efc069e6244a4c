import { routeResponse, type PlannedRoute, type RouteRequest } from '@waymark/contracts/routing';
import { api } from '@/lib/api-client';

/**
 * POST /api/route: plan on the server (the fallback when the routing worker cannot run). Called
 * imperatively by the routing client, on every edit: no query cache, no toast, no redirect.
 */
export async function planRoute(body: RouteRequest, signal?: AbortSignal): Promise<PlannedRoute> {
  return (await api('/api/route', { method: 'POST', body, signal, schema: routeResponse, toast: false, redirect: false })).route;
}
