import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9 loading indicator constants. */
export const LOADING_BAR = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400, heightPx: 3 } as const;

type Phase = 'idle' | 'loading' | 'finishing' | 'hiding';

/**
 * A thin bar at the top of the page while a route transition is pending: shown only when the
 * transition outlasts the 200 ms throttle, creeps towards 90 % over 2000 ms, jumps to 100 % when
 * done, fades out after 500 ms and resets 400 ms later.
 */
export function LoadingBar() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const clear = () => {
      for (const t of timers.current) clearTimeout(t);
      timers.current = [];
    };
    const go = (p: Phase) => {
      phaseRef.current = p;
      setPhase(p);
    };
    clear();
    if (pending) {
      timers.current.push(setTimeout(() => go('loading'), LOADING_BAR.throttleMs));
    } else if (phaseRef.current === 'loading') {
      go('finishing');
      timers.current.push(
        setTimeout(() => {
          go('hiding');
          timers.current.push(setTimeout(() => go('idle'), LOADING_BAR.resetDelayMs));
        }, LOADING_BAR.hideDelayMs),
      );
    } else if (phaseRef.current !== 'finishing' && phaseRef.current !== 'hiding') {
      go('idle');
    }
    return clear;
  }, [pending]);

  const width = phase === 'idle' ? 0 : phase === 'loading' ? 90 : 100;
  const transition =
    phase === 'loading'
      ? `width ${LOADING_BAR.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : phase === 'idle'
        ? 'none'
        : `width 150ms ease-out, opacity ${LOADING_BAR.resetDelayMs}ms ease`;
  return (
    <div
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={phase === 'idle'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      data-phase={phase}
      data-testid="loading-bar"
      className="pointer-events-none fixed inset-x-0 top-0 z-[200]"
      style={{ height: LOADING_BAR.heightPx }}
    >
      <div
        className="h-full bg-primary shadow-[0_0_8px_var(--primary)] rtl:ms-auto"
        style={{ width: `${width}%`, opacity: phase === 'hiding' || phase === 'idle' ? 0 : 1, transition }}
      />
    </div>
  );
}
