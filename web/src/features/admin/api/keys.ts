/** Query keys of the admin pages: invalidate `users()` after a change to any account, `accessRequests()` after a decision. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: { q: string; page: number; perPage: number }) => [...adminKeys.users(), 'list', params] as const,
  accessRequests: () => [...adminKeys.all, 'access-requests'] as const,
  accessRequestList: (status: string) => [...adminKeys.accessRequests(), 'list', status] as const,
};
