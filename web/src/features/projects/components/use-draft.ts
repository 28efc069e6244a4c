import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_DRAFT, clearDraft, loadDraft, saveDraft, type ProjectDraft } from '../lib/draft';

/** The wizard's draft from IndexedDB; every change is saved (debounced 250 ms, and on page hide). */
export function useProjectDraft(key: string) {
  const [draft, setDraft] = useState<ProjectDraft>(EMPTY_DRAFT);
  const [loaded, setLoaded] = useState(false);
  /** 'saved' once the last change is in IndexedDB, 'saving' until then, 'error' when it failed. */
  const [saveState, setSaveState] = useState<'saved' | 'saving' | 'error'>('saved');
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    void loadDraft(key).then((d) => {
      if (!live) return;
      latest.current = d;
      setDraft(d);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [key]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const snapshot = latest.current;
    return saveDraft(key, snapshot).then(
      () => {
        if (latest.current === snapshot) setSaveState('saved');
      },
      () => setSaveState('error'),
    );
  }, [key]);

  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      if (timer.current) void flush();
    };
  }, [flush]);

  const update = useCallback(
    (patch: Partial<ProjectDraft>) => {
      latest.current = { ...latest.current, ...patch };
      setDraft(latest.current);
      setSaveState('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), 250);
    },
    [flush],
  );

  const discard = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    latest.current = { ...EMPTY_DRAFT };
    setDraft(latest.current);
    await clearDraft(key).catch(() => undefined);
  }, [key]);

  return { draft, loaded, saveState, update, flush, discard };
}
