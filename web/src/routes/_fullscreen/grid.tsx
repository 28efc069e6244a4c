import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_fullscreen/grid')({
  head: () => ({ meta: [{ title: 'Grid · Waymark' }] }),
  component: () => <div className="p-6">Grid</div>,
});
