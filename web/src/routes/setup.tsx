import { createFileRoute } from '@tanstack/react-router';
import { SetupPage } from '@/features/auth/setup-page';

export const Route = createFileRoute('/setup')({
  validateSearch: (s: Record<string, unknown>): { token?: string } => (typeof s.token === 'string' ? { token: s.token } : {}),
  head: () => ({ meta: [{ title: 'Set up · Waymark' }] }),
  component: function Setup() {
    const { token } = Route.useSearch();
    return <SetupPage token={token} />;
  },
});
