import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map/region-map';
import { SinglePageMap } from '@/features/map-demos/single-page/single-page-map';
import { parseViewSearch } from '@/features/map-demos/single-page/view-search';

export const Route = createFileRoute('/ui/maps/single-page')({
  // the view a shared link carries; bad values are dropped, never an error
  validateSearch: (raw: Record<string, unknown>) => parseViewSearch(raw),
  loader: () => preloadRegionMap(),
  component: SinglePageMap,
  head: () => ({ meta: [{ title: 'Map - Single Page' }] }),
});
