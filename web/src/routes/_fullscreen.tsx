import { Outlet, createFileRoute } from '@tanstack/react-router';

/** The fullscreen layout (SPEC §2: /grid): the page fills the viewport, no sidebar or header. */
export const Route = createFileRoute('/_fullscreen')({
  component: FullscreenLayout,
});

function FullscreenLayout() {
  return (
    <main className="fixed inset-0 flex flex-col overflow-hidden">
      <Outlet />
    </main>
  );
}
