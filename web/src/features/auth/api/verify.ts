import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyResponse, type VerifyBody } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';

/** POST /api/auth/verify: a code or a link token (sign-up, email change, magic link); codes and magic links sign in. */
export const verify = (body: VerifyBody) =>
  api('/api/auth/verify', { method: 'POST', body, schema: verifyResponse, toast: false, redirect: false, retry: false });

export function useVerify({ mutationConfig }: { mutationConfig?: MutationConfig<typeof verify> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: verify,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      await onSuccess?.(data, ...args);
    },
  });
}
