import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideAccessRequestResponse } from '@waymark/contracts/admin';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

export type AccessDecision = z.infer<typeof decideAccessRequestResponse>;

/** POST /api/admin/access-requests/:id/approve | reject. Approval creates the account and invites it. */
export const decideAccessRequest = ({ id, decision }: { id: string; decision: 'approve' | 'reject' }): Promise<AccessDecision> =>
  api(`/api/admin/access-requests/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    body: {},
    schema: decideAccessRequestResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useDecideAccessRequest({ mutationConfig }: { mutationConfig?: MutationConfig<typeof decideAccessRequest> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: decideAccessRequest,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: adminKeys.accessRequests() });
      // An approval creates an account.
      await qc.invalidateQueries({ queryKey: adminKeys.users() });
      await onSuccess?.(data, ...args);
    },
  });
}
