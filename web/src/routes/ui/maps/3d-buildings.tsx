import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { BuildingsPage } from '@/features/map-demos/buildings/buildings-page';

export const Route = createFileRoute('/ui/maps/3d-buildings')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - 3D Buildings' }] }),
  component: BuildingsPage,
});
