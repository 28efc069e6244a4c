import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouter } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { CommandMenu } from '@/components/layout/command-menu';
import { Toaster } from '@/components/ui/sonner';
import { afterFirstMapFrameIfAny } from '@/components/map/first-frame';
import { Customizer } from '@/features/customizer/customizer';
import { installChunkErrorReload } from '@/features/errors/chunk-reload';
import { NotFoundPage } from '@/features/errors/error-page';
import { RootErrorBoundary } from '@/features/errors/root-error';
import { SettingsSync } from '@/features/settings/components/settings-sync';
import { useDocumentTitle } from '@/features/shell/document-title';
import { LoadingBar } from '@/features/shell/loading-bar';
import { useIdle } from '@/features/shell/use-idle';
import { useKeySequences, type ShortcutDefinition } from '@/features/shell/shortcuts';
import { onAuthEvent } from '@/lib/auth-events';
import { usePreferences, watchSystemMode } from '@/lib/preferences';
import { NAVIGATION_SEQUENCES } from '@/lib/shortcuts';
import { sessionQueryKey } from '@/lib/session';

// The headless (Radix) toaster and its F8 viewport are not needed for the first paint.
// Nor is the service worker: it registers once the page is idle and, on a page with a map, once the
// map's first frame is drawn (its precache compiles every script: seconds of CPU on a slow machine).
const PwaUpdater = lazy(() => import('@/features/shell/pwa-updater').then((m) => ({ default: m.PwaUpdater })));
const HeadlessToaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.HeadlessToaster })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: RootErrorBoundary,
});

function RootComponent() {
  const prefs = usePreferences();
  const router = useRouter();
  useDocumentTitle();
  useEffect(() => watchSystemMode(), []);
  useEffect(() => installChunkErrorReload(), []);
  // Auth events from this tab and the others (SPEC §4): signing out in one tab signs out all of them.
  const { queryClient } = Route.useRouteContext();
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'SIGNED_OUT') queryClient.setQueryData(sessionQueryKey, null);
        else void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        if (event === 'SIGNED_OUT' || event === 'SIGNED_IN') void router.invalidate();
      }),
    [queryClient, router],
  );

  // SPEC §2 keyboard shortcuts (G then H → /, G then E → /email; ≤ 800 ms apart, not in fields), from the one table /help shows.
  const shortcuts = useMemo<ShortcutDefinition[]>(
    () =>
      NAVIGATION_SEQUENCES.map((s) => ({ keys: s.sequence, description: s.description, run: () => void router.navigate({ href: s.to }) })),
    [router],
  );
  useKeySequences(shortcuts);
  const idle = useIdle();
  const [mapSettled, setMapSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstMapFrameIfAny().then(() => live && setMapSettled(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Direction.Provider dir={prefs.dir}>
      <LoadingBar />
      <Outlet />
      <Customizer />
      <SettingsSync />
      <CommandMenu />
      <Toaster theme={prefs.mode} dir={prefs.dir} />
      {idle && (
        <Suspense fallback={null}>
          <HeadlessToaster />
          {mapSettled && <PwaUpdater />}
        </Suspense>
      )}
    </Direction.Provider>
  );
}
