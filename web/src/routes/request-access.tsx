import { createFileRoute } from '@tanstack/react-router';
import { RequestAccessPage } from '@/features/auth/other-pages';

export const Route = createFileRoute('/request-access')({
  head: () => ({ meta: [{ title: 'Request access · Waymark' }] }),
  component: RequestAccessPage,
});
