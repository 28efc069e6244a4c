import { useSyncExternalStore } from 'react';

/** Window event the Template Customizer listens to, so the palette can open it without importing it. */
export const OPEN_CUSTOMIZER_EVENT = 'waymark:open-customizer';

let open = false;
const listeners = new Set<() => void>();

export function isCommandMenuOpen(): boolean {
  return open;
}
export function setCommandMenuOpen(next: boolean) {
  open = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export function useCommandMenuOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
