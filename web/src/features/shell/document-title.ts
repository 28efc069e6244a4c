import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The root shell's title and description (SPEC §1: a Running Route Planner and a Project Map Editor). */
export const APP_TITLE = 'Waymark — Running Route Planner and Project Map Editor';
export const APP_DESCRIPTION =
  'Waymark is a Running Route Planner and a Project Map Editor: plan running routes and edit project maps on real OpenStreetMap data, online or offline.';

/** Keep document.title on the deepest route's `head().meta` title, the app title otherwise. */
export function useDocumentTitle() {
  const title = useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const meta = (matches[i] as { meta?: ({ title?: string } | undefined)[] }).meta;
        const t = meta?.find((m) => m?.title)?.title;
        if (t) return t;
      }
      return APP_TITLE;
    },
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
