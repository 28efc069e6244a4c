import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '@/features/auth/other-pages';

export const Route = createFileRoute('/logout')({
  head: () => ({ meta: [{ title: 'Signing out · Waymark' }] }),
  component: LogoutPage,
});
