import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { sessionQueryOptions } from '@/lib/session';

/** The admin layout: the same sidebar as the default layout, for administrators only (others → /403). */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ href: `/login?redirect=${encodeURIComponent(location.href)}`, replace: true });
    if (session.user.role !== 'admin') throw redirect({ href: '/403', replace: true });
    return { session };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { session } = Route.useRouteContext();
  return (
    <AppShell user={session.user}>
      <Outlet />
    </AppShell>
  );
}
