import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberList } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects/:id/members. */
export const membersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.members(id),
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(id)}/members`, { signal, schema: memberList }),
  });

export function useMembers(id: string) {
  return useQuery(membersQueryOptions(id));
}
