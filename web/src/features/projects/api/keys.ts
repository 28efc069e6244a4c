import type { ListProjectsQuery } from '@waymark/contracts';

/** Query keys of the projects feature: invalidate a prefix to refetch everything below it. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (q: ListProjectsQuery) => [...projectKeys.lists(), q] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  members: (id: string) => [...projectKeys.detail(id), 'members'] as const,
  invitations: (id: string) => [...projectKeys.detail(id), 'invitations'] as const,
  documents: (id: string) => [...projectKeys.detail(id), 'documents'] as const,
  activity: (id: string) => [...projectKeys.detail(id), 'activity'] as const,
  myInvitations: () => [...projectKeys.all, 'my-invitations'] as const,
  invitation: (id: string) => [...projectKeys.myInvitations(), id] as const,
};
