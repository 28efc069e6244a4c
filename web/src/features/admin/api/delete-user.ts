import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResponse } from '@waymark/contracts/admin';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

/** DELETE /api/admin/users/:id (never yourself, never the last administrator). */
export const deleteUser = (id: string) =>
  api(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: deletedResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useDeleteUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUser> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteUser,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
