import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resetCheckResponse, resetPasswordResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig, QueryConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';
import { authKeys } from './keys';

/** POST /api/auth/reset-password/check: is this recovery or invitation link still good, and for whom. */
export const checkResetToken = (token: string) =>
  api('/api/auth/reset-password/check', { method: 'POST', body: { token }, schema: resetCheckResponse, toast: false, redirect: false });

export const resetCheckQueryOptions = (token: string | undefined) =>
  queryOptions({
    queryKey: authKeys.resetCheck(token),
    queryFn: () => checkResetToken(token ?? ''),
    enabled: Boolean(token),
    retry: false,
  });

export function useResetCheck(token: string | undefined, config: Partial<QueryConfig<typeof resetCheckQueryOptions>> = {}) {
  return useQuery({ ...resetCheckQueryOptions(token), ...config });
}

/** POST /api/auth/reset-password: sets the password and ends every session and token of the account. */
export const resetPassword = (body: { token: string; password: string }) =>
  api('/api/auth/reset-password', { method: 'POST', body, schema: resetPasswordResponse, toast: false, redirect: false, retry: false });

export function useResetPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: resetPassword,
    onSuccess: async (data, ...args) => {
      // Every session of the account ended, this browser's too if it was signed in.
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      await onSuccess?.(data, ...args);
    },
  });
}
