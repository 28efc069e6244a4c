import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removedResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

/** DELETE /api/admin/users/:id/factors/:factorId: remove a user's authenticator (e.g. a lost phone). */
export const removeUserFactor = ({ userId, factorId }: { userId: string; factorId: string }) =>
  api(`/api/admin/users/${encodeURIComponent(userId)}/factors/${encodeURIComponent(factorId)}`, {
    method: 'DELETE',
    schema: removedResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useRemoveUserFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeUserFactor> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: removeUserFactor,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
