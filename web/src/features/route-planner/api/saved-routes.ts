import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const statsSchema = z.object({ distanceM: z.number(), ascentM: z.number(), descentM: z.number(), timeS: z.number() });

export const routeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(['private', 'unlisted', 'public']),
  region: z.string(),
  stats: statsSchema,
  owned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  waypointCount: z.number(),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

export const savedRouteSchema = routeSummarySchema.extend({
  waypoints: z.array(z.object({ lon: z.number(), lat: z.number(), mode: z.enum(['snap', 'freehand']) })),
  geometry: z.string(),
});
export type SavedRoute = z.infer<typeof savedRouteSchema>;

const pageSchema = z.object({ items: z.array(routeSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type RoutePage = z.infer<typeof pageSchema>;

export interface RouteBody {
  name: string;
  description: string;
  visibility: 'private' | 'unlisted' | 'public';
  region: string;
  waypoints: { lon: number; lat: number; mode: 'snap' | 'freehand' }[];
  geometry: string;
  stats: z.infer<typeof statsSchema>;
}

export interface ListParams {
  q?: string;
  sort?: 'updated' | 'created' | 'name' | 'distance';
  order?: 'asc' | 'desc';
  page?: number;
}

export const routesKey = ['planner', 'routes'] as const;

function qs(p: ListParams): string {
  const s = new URLSearchParams();
  if (p.q) s.set('q', p.q);
  if (p.sort) s.set('sort', p.sort);
  if (p.order) s.set('order', p.order);
  if (p.page) s.set('page', String(p.page));
  const t = s.toString();
  return t ? `?${t}` : '';
}

export const myRoutesQuery = (p: ListParams) =>
  queryOptions({
    queryKey: [...routesKey, 'mine', p],
    queryFn: ({ signal }) => api(`/api/routes${qs(p)}`, { signal, schema: pageSchema, redirect: false }),
  });

export const routeQuery = (id: string) =>
  queryOptions({
    queryKey: [...routesKey, 'one', id],
    queryFn: ({ signal }) => api(`/api/routes/${encodeURIComponent(id)}`, { signal, schema: savedRouteSchema, redirect: false, toast: false }),
    retry: false,
  });

export const createRoute = (body: RouteBody) =>
  api('/api/routes', { method: 'POST', body, schema: savedRouteSchema, redirect: false, toast: false, retry: false });
export const updateRoute = (id: string, body: Partial<RouteBody>) =>
  api(`/api/routes/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: savedRouteSchema, redirect: false, toast: false, retry: false });
export const deleteRoute = (id: string) => api(`/api/routes/${encodeURIComponent(id)}`, { method: 'DELETE', redirect: false });
export const duplicateRoute = (id: string) =>
  api(`/api/routes/${encodeURIComponent(id)}/duplicate`, { method: 'POST', schema: savedRouteSchema, redirect: false });
