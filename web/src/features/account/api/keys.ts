/** Query keys of the account settings (one factory; invalidate `all` after a change to the account). */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  tokens: () => [...accountKeys.all, 'tokens'] as const,
};
