import { useSyncExternalStore } from 'react';
import { useAccountDisplay } from '@/lib/account-display';

function subscribe(cb: () => void) {
  const obs = new MutationObserver(cb);
  obs.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => obs.disconnect();
}

/** true while <html> has the `.dark` class (the app's colour mode). */
export function useDarkMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
}

/**
 * The basemap's theme: the account's choice in /settings/display (light or dark), or the app's
 * colour mode when it is "auto" (the default, and for signed-out visitors).
 */
export function useMapDark(): boolean {
  const dark = useDarkMode();
  const { basemap } = useAccountDisplay();
  return basemap === 'auto' ? dark : basemap === 'dark';
}
