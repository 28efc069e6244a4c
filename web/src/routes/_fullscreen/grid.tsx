import { createFileRoute } from '@tanstack/react-router';
import { GridPage } from '@/features/shell/grid-page';

export const Route = createFileRoute('/_fullscreen/grid')({
  head: () => ({ meta: [{ title: 'Grid · Waymark' }] }),
  component: GridPage,
});
