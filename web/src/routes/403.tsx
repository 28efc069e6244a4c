import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '@/features/errors/error-page';

export const Route = createFileRoute('/403')({
  head: () => ({ meta: [{ title: 'Access forbidden · Waymark' }] }),
  component: ForbiddenPage,
});
