import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { HeatmapPage } from '@/features/map-demos/heatmap/heatmap-page';

export const Route = createFileRoute('/ui/maps/heatmap')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - Heatmap' }] }),
  component: HeatmapPage,
});
