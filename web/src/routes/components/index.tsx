import { createFileRoute } from '@tanstack/react-router';
import { ShowcaseIndex } from '@/features/showcase/showcase-index';

export const Route = createFileRoute('/components/')({
  head: () => ({ meta: [{ title: 'Components · Waymark' }] }),
  component: ShowcaseIndex,
});
