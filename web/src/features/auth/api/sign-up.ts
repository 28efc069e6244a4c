import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signUpResponse, type SignUpBody } from '@waymark/contracts/auth';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';

export type SignUpResult = z.infer<typeof signUpResponse>;

/** POST /api/auth/signup: the new account is signed in; `delivery` says whether a confirmation could be sent. */
export const signUp = (body: SignUpBody): Promise<SignUpResult> =>
  api('/api/auth/signup', { method: 'POST', body, schema: signUpResponse, toast: false, redirect: false, retry: false });

export function useSignUp({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signUp> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: signUp,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      emitAuthEvent('SIGNED_IN');
      await onSuccess?.(data, ...args);
    },
  });
}
