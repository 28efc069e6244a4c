import { createFileRoute } from '@tanstack/react-router';
import { AccessRequestsPage } from '@/features/admin/access-requests-page';

export const Route = createFileRoute('/_admin/admin/access-requests')({
  head: () => ({ meta: [{ title: 'Access requests · Admin · Waymark' }] }),
  component: AccessRequestsPage,
});
