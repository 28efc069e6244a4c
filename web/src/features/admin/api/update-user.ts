import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResponse, type UpdateUserByAdminBody } from '@waymark/contracts/admin';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

/** PUT /api/admin/users/:id: name, role, suspension, confirmed address. */
export const updateUser = ({ id, body }: { id: string; body: UpdateUserByAdminBody }) =>
  api(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: adminUserResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useUpdateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateUser,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
