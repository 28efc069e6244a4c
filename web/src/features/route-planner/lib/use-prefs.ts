import { useCallback, useState } from 'react';
import { loadPrefs, savePrefs, type Prefs } from './storage';

/** The planner's preferences (units, flat pace, leg mode), kept in localStorage as they change. */
export function usePrefs(): [Prefs, (p: Partial<Prefs>) => void] {
  const [prefs, setPrefsState] = useState<Prefs>(() => loadPrefs());
  // the same function every render (memoised panels that take it do not re-render for it)
  const setPrefs = useCallback(
    (p: Partial<Prefs>) =>
      setPrefsState((old) => {
        const next = { ...old, ...p };
        savePrefs(next);
        return next;
      }),
    [],
  );
  return [prefs, setPrefs];
}
