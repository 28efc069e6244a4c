import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityList } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects/:id/activity, newest first, paged by cursor. */
export const activityQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.activity(id),
    queryFn: ({ signal, pageParam }) =>
      api(`/api/projects/${encodeURIComponent(id)}/activity?limit=20${pageParam ? `&before=${pageParam}` : ''}`, {
        signal,
        schema: activityList,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useActivity(id: string) {
  return useInfiniteQuery(activityQueryOptions(id));
}
