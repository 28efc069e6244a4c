import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { MailUnreadSync } from '@/features/mail/components/mail-unread-sync';
import { sessionQueryOptions } from '@/lib/session';

/** The default layout (sidebar). Signed-in users only: others go to /login?redirect=<here>. */
export const Route = createFileRoute('/_default')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ href: `/login?redirect=${encodeURIComponent(location.href)}`, replace: true });
    return { session };
  },
  component: DefaultLayout,
});

function DefaultLayout() {
  const { session } = Route.useRouteContext();
  return (
    <AppShell user={session.user}>
      <MailUnreadSync />
      <Outlet />
    </AppShell>
  );
}
