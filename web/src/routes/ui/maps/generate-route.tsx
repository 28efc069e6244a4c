import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { GenerateRoutePage } from '@/features/map-demos/generate-route/generate-route-page';

export const Route = createFileRoute('/ui/maps/generate-route')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - Generate Route' }] }),
  component: GenerateRoutePage,
});
