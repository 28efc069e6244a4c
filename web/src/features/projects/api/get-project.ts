import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectDetail } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects/:id (404 for non-members: the page then looks for an invitation). */
export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(id)}`, { signal, schema: projectDetail, toast: false }),
    retry: false,
  });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
