import { useMutation, useQuery } from '@tanstack/react-query';
import { mapLayer, routePage, savedRoute } from '@waymark/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/routes — the user's saved planner routes (newest first). */
export function useMyRoutes(enabled: boolean) {
  return useQuery({
    queryKey: ['routes', 'list', 'map-editor'],
    queryFn: ({ signal }) => api('/api/routes?pageSize=50&sort=updated', { signal, schema: routePage }),
    enabled,
  });
}

/** GET /api/routes/:id — one saved route with its line (for the scratch map, which copies it locally). */
export function fetchRoute(id: string) {
  return api(`/api/routes/${encodeURIComponent(id)}`, { schema: savedRoute });
}

/** POST /api/projects/:id/layers/route — the server copies the route into the project map as a new layer. */
export function useAddRouteLayer(projectId: string) {
  return useMutation({
    mutationFn: (routeId: string) =>
      api(`/api/projects/${encodeURIComponent(projectId)}/layers/route`, {
        method: 'POST',
        body: { routeId },
        schema: z.object({ layer: mapLayer, count: z.number() }),
      }),
  });
}
