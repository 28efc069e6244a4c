import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removedResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

/** DELETE /api/auth/factors/:id: remove an authenticator app (needs a fresh sign-in). */
export const removeFactor = (id: string) =>
  api(`/api/auth/factors/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: removedResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useRemoveFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeFactor> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: removeFactor,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: accountKeys.user() });
      await onSuccess?.(data, ...args);
    },
  });
}
