import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedRoute, type CreateRouteBody, type SavedRoute } from '@waymark/contracts/routes';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

/** POST /api/routes. Not retried (a retry could save twice); network failures reach the caller, who may queue the save offline. */
export const createRoute = (body: CreateRouteBody): Promise<SavedRoute> =>
  api('/api/routes', { method: 'POST', body, schema: savedRoute, redirect: false, toast: false, retry: false });

export function useCreateRoute({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createRoute> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // The api client reports a network failure at once (status 0) so the caller can queue the save
    // offline; TanStack's default would pause the mutation until the browser is back online.
    networkMode: 'always',
    ...rest,
    mutationFn: createRoute,
    onSuccess: async (route, ...args) => {
      qc.setQueryData(routeKeys.detail(route.id), route);
      await qc.invalidateQueries({ queryKey: routeKeys.lists() });
      await onSuccess?.(route, ...args);
    },
  });
}
