import type { QueryClient } from '@tanstack/react-query';
import type { ListTasksQuery } from '@waymark/contracts';

/** Query keys of the tasks feature: invalidate a prefix to refetch everything below it. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (q: ListTasksQuery) => [...taskKeys.lists(), q] as const,
  detail: (id: string) => [...taskKeys.all, 'detail', id] as const,
  projects: () => [...taskKeys.all, 'projects'] as const,
};

/**
 * What a task change makes stale beyond the tasks themselves: project cards and pages (task
 * progress, activity) and the dashboard (task counts). Keys of other features, by their prefix.
 */
export const AFFECTED_BY_TASKS = [['projects'], ['dashboard']] as const;

/** After any task write: refetch the task lists and what tasks feed (project progress/activity, dashboard). */
export function invalidateAfterTaskChange(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: taskKeys.lists() });
  for (const key of AFFECTED_BY_TASKS) void qc.invalidateQueries({ queryKey: key });
}
