import { createFileRoute } from '@tanstack/react-router';
import { AddOnePage } from '@/features/projects/components/add-one-page';

export const Route = createFileRoute('/_default/dashboard/projects/add-one')({
  head: () => ({ meta: [{ title: 'New project · Waymark' }] }),
  component: AddOneRoute,
});

function AddOneRoute() {
  const navigate = Route.useNavigate();
  return <AddOnePage onCreated={(id) => void navigate({ to: '/dashboard/projects/view', search: { id } })} />;
}
