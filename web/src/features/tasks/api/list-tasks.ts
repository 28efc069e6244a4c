import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { taskList, type ListTasksQuery } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { taskKeys } from './keys';

/** The query string of a task list request (empty values left out). */
export function taskListParams(q: ListTasksQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && v !== null) params.set(k, String(v));
  return params.toString();
}

/** GET /api/tasks: one page of the tasks of the signed-in user's projects, with facet counts. */
export function listTasks(q: ListTasksQuery, signal?: AbortSignal) {
  const qs = taskListParams(q);
  return api(`/api/tasks${qs ? `?${qs}` : ''}`, { signal, schema: taskList });
}

export const tasksQueryOptions = (q: ListTasksQuery) =>
  queryOptions({
    queryKey: taskKeys.list(q),
    queryFn: ({ signal }) => listTasks(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useTasks(q: ListTasksQuery, config?: QueryConfig<typeof tasksQueryOptions>) {
  return useQuery({ ...tasksQueryOptions(q), ...config });
}
