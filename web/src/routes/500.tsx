import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '@/features/errors/error-page';

export const Route = createFileRoute('/500')({
  head: () => ({ meta: [{ title: 'Something went wrong · Waymark' }] }),
  component: () => <ServerErrorPage />,
});
