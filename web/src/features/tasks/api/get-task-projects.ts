import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskProjects } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import { taskKeys } from './keys';

/** GET /api/tasks/projects: the user's projects with their role and members (task form, filters). */
export function getTaskProjects(signal?: AbortSignal) {
  return api('/api/tasks/projects', { signal, schema: taskProjects });
}

export const taskProjectsQueryOptions = () =>
  queryOptions({ queryKey: taskKeys.projects(), queryFn: ({ signal }) => getTaskProjects(signal), staleTime: 30_000 });

export function useTaskProjects() {
  return useQuery(taskProjectsQueryOptions());
}
