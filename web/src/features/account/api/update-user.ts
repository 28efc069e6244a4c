import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserResponse, type UpdateUserBody } from '@waymark/contracts/auth';
import { type z } from 'zod';
import { api } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import type { MutationConfig } from '@/lib/react-query';
import { sessionQueryKey } from '@/lib/session';
import { accountKeys } from './keys';

export type UpdateUserResult = z.infer<typeof updateUserResponse>;

/** PUT /api/auth/user: name, email, phone or password (the last three need a fresh sign-in). */
export const updateUser = (body: UpdateUserBody): Promise<UpdateUserResult> =>
  api('/api/auth/user', { method: 'PUT', body, schema: updateUserResponse, toast: false, redirect: false, retry: false });

export function useUpdateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateUser,
    onSuccess: async (data, ...args) => {
      qc.setQueryData(accountKeys.user(), data.user);
      // A new password ends the other sessions.
      await qc.invalidateQueries({ queryKey: accountKeys.all });
      await qc.invalidateQueries({ queryKey: sessionQueryKey });
      emitAuthEvent('USER_UPDATED');
      await onSuccess?.(data, ...args);
    },
  });
}
