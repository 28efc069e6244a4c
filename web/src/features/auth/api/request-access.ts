import { useMutation } from '@tanstack/react-query';
import { accessRequestReceived, type AccessRequestBody } from '@waymark/contracts/admin';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/access-requests: always the same answer (202), whether or not the address has an account. */
export const requestAccess = (body: AccessRequestBody) =>
  api('/api/access-requests', { method: 'POST', body, schema: accessRequestReceived, toast: false, redirect: false, retry: false });

export function useRequestAccess({ mutationConfig }: { mutationConfig?: MutationConfig<typeof requestAccess> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestAccess });
}
