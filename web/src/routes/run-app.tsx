import { createFileRoute } from '@tanstack/react-router';
import { Planner, plannerSearchSchema } from '@/features/route-planner';

export const Route = createFileRoute('/run-app')({
  validateSearch: plannerSearchSchema,
  head: () => ({ meta: [{ title: 'Running Route Planner' }] }),
  component: RunAppPage,
});

/** The planner as an installed app (the manifest's start URL): phone-first layout. */
function RunAppPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Planner
      variant="app"
      region={search.region ?? 'andorra'}
      routeId={search.route}
      shareId={search.share}
      onRouteId={(id) => void navigate({ search: (s) => ({ ...s, route: id }), replace: true })}
    />
  );
}
