import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedRoute, type SavedRoute } from '@waymark/contracts/routes';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

/** POST /api/routes/:id/duplicate: a private copy "<name> (copy)" owned by the caller. */
export const duplicateRoute = (id: string): Promise<SavedRoute> =>
  api(`/api/routes/${encodeURIComponent(id)}/duplicate`, { method: 'POST', schema: savedRoute, redirect: false });

export function useDuplicateRoute({ mutationConfig }: { mutationConfig?: MutationConfig<typeof duplicateRoute> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: duplicateRoute,
    onSuccess: async (route, ...args) => {
      qc.setQueryData(routeKeys.detail(route.id), route);
      await qc.invalidateQueries({ queryKey: routeKeys.lists() });
      await onSuccess?.(route, ...args);
    },
  });
}
