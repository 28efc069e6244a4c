/** Query keys of the dashboard. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (timeZone: string) => [...dashboardKeys.all, 'summary', timeZone] as const,
};
