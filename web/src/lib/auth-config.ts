import { queryOptions, useQuery } from '@tanstack/react-query';
import { authConfigResponse, type AuthConfig } from '@waymark/contracts/auth';
import { api } from './api-client';

export type { AuthConfig };

export const authConfigQueryKey = ['auth', 'config'] as const;

/** GET /api/auth/config: password limits, SSO, how mail is delivered, whether setup is pending. */
export const getAuthConfig = (signal?: AbortSignal): Promise<AuthConfig> =>
  api('/api/auth/config', { signal, schema: authConfigResponse, toast: false, redirect: false });

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: authConfigQueryKey, queryFn: ({ signal }) => getAuthConfig(signal), staleTime: 5 * 60_000 });

/** The instance's auth configuration (shared by the sign-in pages and the account settings). */
export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
