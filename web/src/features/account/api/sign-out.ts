import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOutResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';
import { accountKeys } from './keys';

export type SignOutScope = 'local' | 'global' | 'others';

/** POST /api/auth/signout: this session, every session ('global') or all but this one ('others'). */
export const signOutScope = (scope: SignOutScope) =>
  api('/api/auth/signout', { method: 'POST', body: { scope }, schema: signOutResponse, toast: false, redirect: false, retry: false });

export function useSignOutScope({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signOutScope> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: signOutScope,
    onSuccess: async (data, scope, ...args) => {
      if (scope === 'others') {
        await qc.invalidateQueries({ queryKey: accountKeys.sessions() });
      } else {
        qc.setQueryData(sessionQueryKey, null);
        qc.removeQueries({ queryKey: accountKeys.all });
        emitAuthEvent('SIGNED_OUT');
      }
      await onSuccess?.(data, scope, ...args);
    },
  });
}
