import { useEffect, useState } from 'react';

/** True once the browser has been idle after the first render (or after `timeoutMs` at the latest). */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(() => setIdle(true), Math.min(timeoutMs, 500));
    return () => clearTimeout(t);
  }, [timeoutMs]);
  return idle;
}
