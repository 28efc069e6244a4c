import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { routeKeys } from './keys';

/** DELETE /api/routes/:id (owner only): 204. */
export const deleteRoute = (id: string): Promise<void> =>
  api<void>(`/api/routes/${encodeURIComponent(id)}`, { method: 'DELETE', redirect: false });

export function useDeleteRoute({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteRoute> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteRoute,
    onSuccess: async (data, id, ...args) => {
      qc.removeQueries({ queryKey: routeKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: routeKeys.lists() });
      await onSuccess?.(data, id, ...args);
    },
  });
}
