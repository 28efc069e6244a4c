import { createFileRoute } from '@tanstack/react-router';
import { CallbackPage } from '@/features/auth/other-pages';

export const Route = createFileRoute('/callback')({
  validateSearch: (s: Record<string, unknown>) => s,
  head: () => ({ meta: [{ title: 'Signing in · Waymark' }] }),
  component: function Callback() {
    return <CallbackPage search={Route.useSearch()} />;
  },
});
