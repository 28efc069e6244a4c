import { createFileRoute } from '@tanstack/react-router';
import { Planner, plannerSearchSchema } from '@/features/route-planner';

export const Route = createFileRoute('/run')({
  validateSearch: plannerSearchSchema,
  head: () => ({ meta: [{ title: 'Running Route Planner' }] }),
  component: RunPage,
});

function RunPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Planner
      variant="web"
      region={search.region ?? 'andorra'}
      routeId={search.route}
      shareId={search.share}
      onRouteId={(id) => void navigate({ search: (s) => ({ ...s, route: id }), replace: true })}
    />
  );
}
