import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnauthorizedPage } from '@/features/errors/error-page';

export const Route = createFileRoute('/401')({
  validateSearch: z.object({ redirect: z.string().startsWith('/').optional().catch(undefined) }),
  head: () => ({ meta: [{ title: 'Unauthorized · Waymark' }] }),
  component: Unauthorized,
});

function Unauthorized() {
  return <UnauthorizedPage redirect={Route.useSearch().redirect} />;
}
