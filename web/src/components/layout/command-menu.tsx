import { lazy, Suspense, useEffect, useState } from 'react';
import { isCommandMenuOpen, setCommandMenuOpen, useCommandMenuOpen } from './command-menu-store';

export { OPEN_CUSTOMIZER_EVENT, setCommandMenuOpen } from './command-menu-store';

const CommandMenuDialog = lazy(() => import('./command-menu-dialog'));

/**
 * The command palette (Ctrl/Cmd+K: pages and actions). Only the hotkey is in the initial bundle;
 * the dialog (cmdk) loads the first time it opens.
 */
export function CommandMenu() {
  const isOpen = useCommandMenuOpen();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        setCommandMenuOpen(!isCommandMenuOpen());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandMenuDialog />
    </Suspense>
  );
}
