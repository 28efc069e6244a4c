import { createFileRoute } from '@tanstack/react-router';
// Direct imports (not the map kit's or the feature's index): the loader is in the initial bundle,
// which gets only the map preloader; the planner stays in the lazily loaded route chunk.
import { Planner } from '@/features/route-planner/components/planner';
import { preloadPlanner } from '@/features/route-planner/lib/preload';
import { plannerSearchSchema } from '@/features/route-planner/lib/search';

export const Route = createFileRoute('/run-app')({
  validateSearch: plannerSearchSchema,
  head: () => ({ meta: [{ title: 'Running Route Planner' }] }),
  loader: ({ context }) => preloadPlanner(context.queryClient),
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
