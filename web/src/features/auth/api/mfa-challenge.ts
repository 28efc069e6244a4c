import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signedInResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';

/** POST /api/auth/mfa/challenge: a TOTP or backup code completes a password sign-in. */
export const answerMfaChallenge = (body: { challengeId: string; code: string }) =>
  api('/api/auth/mfa/challenge', {
    method: 'POST',
    body: { challengeId: body.challengeId, code: body.code.trim() },
    schema: signedInResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useMfaChallenge({ mutationConfig }: { mutationConfig?: MutationConfig<typeof answerMfaChallenge> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: answerMfaChallenge,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      await onSuccess?.(data, ...args);
    },
  });
}
