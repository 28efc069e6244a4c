import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { PopulationPage } from '@/features/map-demos/population/population-page';

export const Route = createFileRoute('/ui/maps/population-density')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - Population Density' }] }),
  component: PopulationPage,
});
