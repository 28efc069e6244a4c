import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionsResponse, type SessionRow } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { accountKeys } from './keys';

export type { SessionRow };

/** GET /api/auth/sessions: browser sessions and token sessions (API clients) of the account. */
export const getSessions = (signal?: AbortSignal): Promise<SessionRow[]> =>
  api('/api/auth/sessions', { signal, schema: sessionsResponse, toast: false }).then((r) => r.sessions);

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions(config: Partial<QueryConfig<typeof getSessionsQueryOptions>> = {}) {
  return useQuery({ ...getSessionsQueryOptions(), ...config });
}
