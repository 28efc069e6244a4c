import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { useSession } from '@/lib/session';

/** The component showcase: the sidebar layout, open to everyone (signed in or not). */
export const Route = createFileRoute('/components')({
  component: ShowcaseLayout,
});

function ShowcaseLayout() {
  const { data: session } = useSession();
  return (
    <AppShell user={session?.user ?? null}>
      <Outlet />
    </AppShell>
  );
}
