import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { ElevationPage } from '@/features/map-demos/elevation/elevation-page';

export const Route = createFileRoute('/ui/maps/elevation')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - Elevation' }] }),
  component: ElevationPage,
});
