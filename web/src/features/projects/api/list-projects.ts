import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectList, type ListProjectsQuery } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects: one page of the signed-in user's projects. */
export function listProjects(q: ListProjectsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)) params.set(k, String(v));
  const qs = params.toString();
  return api(`/api/projects${qs ? `?${qs}` : ''}`, { signal, schema: projectList });
}

export const projectsQueryOptions = (q: ListProjectsQuery) =>
  queryOptions({
    queryKey: projectKeys.list(q),
    queryFn: ({ signal }) => listProjects(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export function useProjects(q: ListProjectsQuery) {
  return useQuery(projectsQueryOptions(q));
}
