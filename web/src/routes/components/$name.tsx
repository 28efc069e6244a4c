import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router';
import { showcaseEntry } from '@/components/layout/showcase-catalog';
import { ShowcasePage } from '@/features/showcase/showcase-page';

/** /components/{name}: one route over the showcase catalogue; any other name is the 404 page. */
export const Route = createFileRoute('/components/$name')({
  beforeLoad: ({ params }) => {
    if (!showcaseEntry(params.name)) throw notFound({ routeId: rootRouteId });
  },
  head: ({ params }) => ({ meta: [{ title: `${showcaseEntry(params.name)?.title ?? 'Component'} · Components · Waymark` }] }),
  component: ShowcaseRoute,
});

function ShowcaseRoute() {
  const { name } = Route.useParams();
  return <ShowcasePage key={name} name={name} />;
}
