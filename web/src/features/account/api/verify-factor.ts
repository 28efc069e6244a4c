import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyFactorResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

/** POST /api/auth/factors/:id/verify: the first verified factor answers with 10 backup codes. */
export const verifyFactor = ({ id, code }: { id: string; code: string }) =>
  api(`/api/auth/factors/${encodeURIComponent(id)}/verify`, {
    method: 'POST',
    body: { code: code.trim() },
    schema: verifyFactorResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useVerifyFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof verifyFactor> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: verifyFactor,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: accountKeys.user() });
      emitAuthEvent('MFA_CHALLENGE_VERIFIED');
      await onSuccess?.(data, ...args);
    },
  });
}
