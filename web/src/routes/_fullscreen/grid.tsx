import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map/region-map';
import { GridPage } from '@/features/map-grid/grid-page';
import { parseGridSearch } from '@/features/map-grid/grid-search';

export const Route = createFileRoute('/_fullscreen/grid')({
  // layout, region and each map's settings; a bad value falls back to its default
  validateSearch: (raw: Record<string, unknown>) => parseGridSearch(raw),
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map grid · Waymark' }] }),
  component: GridPage,
});
