import { queryOptions, useQuery } from '@tanstack/react-query';
import { patsResponse, type PersonalAccessToken } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

export type { PersonalAccessToken };

/** GET /api/auth/tokens: the account's personal access tokens (never the tokens themselves). */
export const getTokens = (signal?: AbortSignal): Promise<PersonalAccessToken[]> =>
  api('/api/auth/tokens', { signal, schema: patsResponse, toast: false }).then((r) => r.tokens);

export const getTokensQueryOptions = () => queryOptions({ queryKey: accountKeys.tokens(), queryFn: ({ signal }) => getTokens(signal) });

export function useTokens(config: Partial<QueryConfig<typeof getTokensQueryOptions>> = {}) {
  return useQuery({ ...getTokensQueryOptions(), ...config });
}
