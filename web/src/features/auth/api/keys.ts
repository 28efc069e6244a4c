import { authConfigQueryKey } from '@/lib/auth-config';

/** Query keys of the auth feature (one factory; invalidate by prefix). The session is `sessionQueryKey` (lib/session). */
export const authKeys = {
  all: ['auth'] as const,
  config: () => authConfigQueryKey,
  resetCheck: (token: string | undefined) => [...authKeys.all, 'reset-check', token ?? ''] as const,
  setupCheck: (token: string | undefined) => [...authKeys.all, 'setup-check', token ?? ''] as const,
};
