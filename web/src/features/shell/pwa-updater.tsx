import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { startBuildPolling } from './build-poller';

const UPDATE_TOAST_ID = 'waymark-new-version';

/**
 * The installable app's worker (vite-plugin-pwa, registerType "prompt"): an "offline-ready"
 * toast once the shell is cached, and a "new version — reload" prompt when a new worker waits
 * or /builds/latest.json reports a different build.
 */
export function PwaUpdater() {
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, reg) {
      registration.current = reg;
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast.success('Ready to work offline', {
      id: 'waymark-offline-ready',
      description: 'Waymark is saved on this device and opens without a connection.',
      onDismiss: () => setOfflineReady(false),
      onAutoClose: () => setOfflineReady(false),
    });
  }, [offlineReady, setOfflineReady]);

  useEffect(() => {
    if (!needRefresh) return;
    toast('A new version of Waymark is available', {
      id: UPDATE_TOAST_ID,
      description: 'Reload to use it.',
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      cancel: { label: 'Later', onClick: () => setNeedRefresh(false) },
    });
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);

  useEffect(
    () =>
      startBuildPolling(() => {
        // Let the worker fetch the new precache; if one ends up waiting, needRefresh takes over.
        void registration.current?.update().catch(() => {});
        toast('A new version of Waymark is available', {
          id: UPDATE_TOAST_ID,
          description: 'Reload to use it.',
          duration: Infinity,
          action: {
            label: 'Reload',
            onClick: () => {
              if (registration.current?.waiting) void updateServiceWorker(true);
              else window.location.reload();
            },
          },
          cancel: { label: 'Later', onClick: () => {} },
        });
      }),
    [updateServiceWorker],
  );

  return null;
}
