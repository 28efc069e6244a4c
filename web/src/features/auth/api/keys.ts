/** Query keys of the auth feature (one factory; invalidate by prefix). */
export const authKeys = {
  all: ['auth'] as const,
  config: () => [...authKeys.all, 'config'] as const,
  resetCheck: (token: string | undefined) => [...authKeys.all, 'reset-check', token ?? ''] as const,
  setupCheck: (token: string | undefined) => [...authKeys.all, 'setup-check', token ?? ''] as const,
};
