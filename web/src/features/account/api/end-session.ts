import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionEndedResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

/** DELETE /api/auth/sessions/:id: sign one session (browser or API client) out. */
export const endSession = (id: string) =>
  api(`/api/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: sessionEndedResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useEndSession({ mutationConfig }: { mutationConfig?: MutationConfig<typeof endSession> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: endSession,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: accountKeys.sessions() });
      await onSuccess?.(data, ...args);
    },
  });
}
