import type { RouteListParams } from '@waymark/contracts/routes';

/** Query keys of saved routes: invalidate `all` after any write, `lists()` after one that changes a list. */
export const routeKeys = {
  all: ['planner', 'routes'] as const,
  lists: () => [...routeKeys.all, 'list'] as const,
  list: (params: RouteListParams) => [...routeKeys.lists(), params] as const,
  details: () => [...routeKeys.all, 'detail'] as const,
  detail: (id: string) => [...routeKeys.details(), id] as const,
};
