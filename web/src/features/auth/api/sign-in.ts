import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInResponse, type SignInBody, type SignInResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';

export type { SignInResponse };

/** POST /api/auth/signin: a session, or an MFA challenge when the account has an authenticator. */
export const signIn = (body: SignInBody): Promise<SignInResponse> =>
  api('/api/auth/signin', { method: 'POST', body, schema: signInResponse, toast: false, redirect: false, retry: false });

export function useSignIn({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signIn> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: signIn,
    onSuccess: async (data, ...args) => {
      if (!('mfaRequired' in data)) await qc.invalidateQueries({ queryKey: sessionQueryKey });
      await onSuccess?.(data, ...args);
    },
  });
}
