import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSummary, type DashboardSummary } from '@waymark/contracts/dashboard';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { dashboardKeys } from './keys';

export type { DashboardSummary };

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/dashboard/summary: this month's figures in the browser's time zone. */
export const getSummary = (timeZone: string, signal?: AbortSignal): Promise<DashboardSummary> =>
  api(`/api/dashboard/summary?tz=${encodeURIComponent(timeZone)}`, { signal, schema: dashboardSummary });

export const getSummaryQueryOptions = (timeZone = localTimeZone()) =>
  queryOptions({
    queryKey: dashboardKeys.summary(timeZone),
    queryFn: ({ signal }) => getSummary(timeZone, signal),
    staleTime: 30_000,
  });

export function useDashboardSummary(config: Partial<QueryConfig<typeof getSummaryQueryOptions>> = {}) {
  return useQuery({ ...getSummaryQueryOptions(), ...config });
}
