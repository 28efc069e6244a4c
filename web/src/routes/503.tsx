import { createFileRoute } from '@tanstack/react-router';
import { MaintenancePage } from '@/features/errors/error-page';

export const Route = createFileRoute('/503')({
  head: () => ({ meta: [{ title: 'Under maintenance · Waymark' }] }),
  component: MaintenancePage,
});
