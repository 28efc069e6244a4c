import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPatResponse, type CreatePatBody } from '@waymark/contracts/auth';
import { type z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

export type CreatedToken = z.infer<typeof createPatResponse>;

/** POST /api/auth/tokens (fresh sign-in): the answer holds the token itself — the only time it is shown. */
export const createToken = (body: CreatePatBody): Promise<CreatedToken> =>
  api('/api/auth/tokens', { method: 'POST', body, schema: createPatResponse, toast: false, redirect: false, retry: false });

export function useCreateToken({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createToken> } = {}) {
  const qc = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createToken,
    onSuccess: async (data, ...args) => {
      await qc.invalidateQueries({ queryKey: accountKeys.tokens() });
      await onSuccess?.(data, ...args);
    },
  });
}
