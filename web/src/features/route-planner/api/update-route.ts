import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedRoute, type SavedRoute, type UpdateRouteBody } from '@waymark/contracts/routes';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

/** PATCH /api/routes/:id (owner only): the fields given change. Not retried. */
export const updateRoute = (id: string, body: UpdateRouteBody): Promise<SavedRoute> =>
  api(`/api/routes/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: savedRoute, redirect: false, toast: false, retry: false });

const updateRouteVars = ({ id, body }: { id: string; body: UpdateRouteBody }) => updateRoute(id, body);

export function useUpdateRoute({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateRouteVars> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // The api client reports a network failure at once (status 0) so the caller can queue the save
    // offline; TanStack's default would pause the mutation until the browser is back online.
    networkMode: 'always',
    ...rest,
    mutationFn: updateRouteVars,
    onSuccess: async (route, ...args) => {
      qc.setQueryData(routeKeys.detail(route.id), route);
      await qc.invalidateQueries({ queryKey: routeKeys.lists() });
      await onSuccess?.(route, ...args);
    },
  });
}
