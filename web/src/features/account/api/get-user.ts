import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponse, type PublicUser } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

export type AccountUser = PublicUser;

/** GET /api/auth/user: the signed-in account with its MFA factors. */
export const getUser = (signal?: AbortSignal): Promise<AccountUser> =>
  api('/api/auth/user', { signal, schema: userResponse, toast: false }).then((r) => r.user);

export const getUserQueryOptions = () => queryOptions({ queryKey: accountKeys.user(), queryFn: ({ signal }) => getUser(signal) });

export function useAccountUser(config: Partial<QueryConfig<typeof getUserQueryOptions>> = {}) {
  return useQuery({ ...getUserQueryOptions(), ...config });
}
