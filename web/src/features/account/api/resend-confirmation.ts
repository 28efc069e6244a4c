import { useMutation } from '@tanstack/react-query';
import { sentResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/resend: the confirmation link for the account's email address, again (60 s cooldown). */
export const resendConfirmation = (email: string) =>
  api('/api/auth/resend', {
    method: 'POST',
    body: { type: 'signup', email },
    schema: sentResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useResendConfirmation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resendConfirmation> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resendConfirmation });
}
