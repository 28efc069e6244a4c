import { useMutation } from '@tanstack/react-query';
import { sentResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/otp: a sign-in code (and, by email, a link) — the same answer whether or not the account exists. */
export const sendOtp = (body: { email: string } | { phone: string }) =>
  api('/api/auth/otp', { method: 'POST', body, schema: sentResponse, toast: false, redirect: false, retry: false });

export function useSendOtp({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendOtp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendOtp });
}
