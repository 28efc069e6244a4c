import { createFileRoute } from '@tanstack/react-router';
import { SinglePageMap } from '@/features/map-demos/components/single-page-map';

export const Route = createFileRoute('/ui/maps/single-page')({
  component: SinglePageMap,
  head: () => ({ meta: [{ title: 'Map - Single Page' }] }),
});
