import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/errors/error-page';

export const Route = createFileRoute('/404')({
  head: () => ({ meta: [{ title: 'Page not found · Waymark' }] }),
  component: NotFoundPage,
});
