import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export const Route = createFileRoute('/_default/dashboard/')({
  head: () => ({ meta: [{ title: 'Dashboard · Waymark' }] }),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { session } = Route.useRouteContext();
  return <DashboardPage user={session.user} />;
}
