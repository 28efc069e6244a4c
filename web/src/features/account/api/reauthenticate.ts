import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reauthenticateResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';

/** POST /api/auth/reauthenticate: a password, or a 6-digit authenticator code, makes this session fresh. */
export const reauthenticate = (secret: string) =>
  api('/api/auth/reauthenticate', {
    method: 'POST',
    body: /^\d{6}$/.test(secret.trim()) ? { code: secret.trim() } : { password: secret },
    schema: reauthenticateResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useReauthenticate({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reauthenticate> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: reauthenticate,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      await onSuccess?.(data, ...args);
    },
  });
}
