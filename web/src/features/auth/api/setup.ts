import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setupCheckResponse, setupResponse } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import { sessionQueryKey } from '@/lib/session';
import { authKeys } from './keys';

export const setupCheckQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: authKeys.setupCheck(token),
    queryFn: () =>
      api('/api/auth/setup/check', { method: 'POST', body: { token }, schema: setupCheckResponse, toast: false, redirect: false }),
    enabled: Boolean(token),
    retry: false,
  });

export const useSetupCheck = (token: string | undefined) => useQuery(setupCheckQuery(token));

/** POST /api/auth/setup: create the first administrator (or promote the signed-in account). */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; email?: string; password?: string; name?: string }) =>
      api('/api/auth/setup', { method: 'POST', body, schema: setupResponse, toast: false, redirect: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await queryClient.invalidateQueries({ queryKey: authKeys.config() });
      emitAuthEvent('SIGNED_IN');
    },
  });
}
