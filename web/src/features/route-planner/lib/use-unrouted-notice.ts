import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { EditAction } from './use-planner';
import type { AssembledRoute } from './types';

/** The legs newly unrouted in `next` (asked to snap, no path reached), in order. */
export function newlyUnrouted(prev: readonly number[], next: readonly number[] | undefined): number[] {
  return (next ?? []).filter((l) => !prev.includes(l));
}

/**
 * Says so when a click far from every path becomes a straight line (the leg is drawn dashed): a
 * toast naming the leg, with "Keep straight" (make it a freehand leg) and "Undo".
 */
export function useUnroutedNotice(route: AssembledRoute | null, act: (a: EditAction) => void) {
  const shown = useRef<number[]>([]);
  useEffect(() => {
    if (!route) {
      shown.current = [];
      return;
    }
    const fresh = newlyUnrouted(shown.current, route.unrouted);
    shown.current = route.unrouted ?? [];
    if (!fresh.length) {
      if (!shown.current.length) toast.dismiss('unrouted-leg');
      return;
    }
    const leg = fresh[0]!;
    const legs = fresh.length > 1 ? `Legs ${fresh.map((l) => l + 1).join(', ')} are` : `Leg ${leg + 1} is`;
    toast.warning(`${legs} off the path network`, {
      id: 'unrouted-leg',
      description: 'No path within 500 m of the waypoint: the leg is drawn as a dashed straight line.',
      duration: 10_000,
      action: {
        label: 'Keep straight',
        onClick: () => {
          for (const l of fresh) act({ type: 'mode', index: l + 1, mode: 'freehand' });
        },
      },
      cancel: { label: 'Undo', onClick: () => act({ type: 'undo' }) },
    });
  }, [route, act]);
}
