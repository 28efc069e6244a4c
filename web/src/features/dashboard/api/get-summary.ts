import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const summarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  routesThisMonth: z.object({ count: z.number(), distanceM: z.number(), ascentM: z.number() }),
  routesTotal: z.number(),
  projects: z.object({ total: z.number(), byStatus: z.array(z.object({ status: z.string(), count: z.number() })) }),
  recentActivity: z.array(
    z.object({
      kind: z.enum(['route', 'project']),
      id: z.string(),
      title: z.string(),
      action: z.enum(['created', 'updated']),
      at: z.string(),
      href: z.string(),
      detail: z.string().nullable(),
    }),
  ),
  available: z.object({ routes: z.boolean(), projects: z.boolean() }),
});

export type DashboardSummary = z.infer<typeof summarySchema>;

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const summaryQueryOptions = () => {
  const tz = localTimeZone();
  return queryOptions({
    queryKey: ['dashboard', 'summary', tz],
    queryFn: ({ signal }) => api(`/api/dashboard/summary?tz=${encodeURIComponent(tz)}`, { signal, schema: summarySchema }),
    staleTime: 30_000,
  });
};

export function useDashboardSummary() {
  return useQuery(summaryQueryOptions());
}
