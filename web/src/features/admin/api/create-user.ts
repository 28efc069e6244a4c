import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponse, type CreateUserBody } from '@waymark/contracts/admin';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

/** POST /api/admin/users: an account with a password; the admin vouches for the address. */
export const createUser = (body: CreateUserBody) =>
  api('/api/admin/users', { method: 'POST', body, schema: adminUserResponse, toast: false, redirect: false, retry: false });

export function useCreateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createUser> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createUser,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
