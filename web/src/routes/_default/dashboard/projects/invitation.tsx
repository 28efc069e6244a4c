import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InvitationPage } from '@/features/projects/components/invitation-page';

const searchSchema = z.object({
  id: z.string().max(64).catch(''),
  answer: z.enum(['accept', 'decline']).optional().catch(undefined),
});

export const Route = createFileRoute('/_default/dashboard/projects/invitation')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Project invitation · Waymark' }] }),
  component: InvitationRoute,
});

function InvitationRoute() {
  const { id, answer } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvitationPage
      key={id}
      id={id}
      answer={answer}
      onAccepted={(projectId) => void navigate({ to: '/dashboard/projects/view', search: { id: projectId } })}
    />
  );
}
