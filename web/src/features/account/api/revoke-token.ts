import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removedResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';
import type { PersonalAccessToken } from './get-tokens';

/** DELETE /api/auth/tokens/:id: the token stops working at once. */
export const revokeToken = (id: string) =>
  api(`/api/auth/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: removedResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useRevokeToken({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeToken> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: revokeToken,
    onSuccess: async (data, id, ...args) => {
      qc.setQueryData<PersonalAccessToken[]>(accountKeys.tokens(), (old) => old?.filter((t) => t.id !== id));
      await qc.invalidateQueries({ queryKey: accountKeys.tokens() });
      await onSuccess?.(data, id, ...args);
    },
  });
}
