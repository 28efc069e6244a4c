import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteResponse, type InviteBody } from '@waymark/contracts/admin';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

export type InviteResult = z.infer<typeof inviteResponse>;

/** POST /api/admin/invite: emailed with SMTP; otherwise the answer holds the link to hand over. */
export const inviteUser = (body: InviteBody): Promise<InviteResult> =>
  api('/api/admin/invite', { method: 'POST', body, schema: inviteResponse, toast: false, redirect: false, retry: false });

export function useInviteUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof inviteUser> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: inviteUser,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
