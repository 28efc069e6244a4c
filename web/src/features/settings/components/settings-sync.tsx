import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { resetAccountDisplay, setAccountDisplay } from '@/lib/account-display';
import { onAuthEvent } from '@/lib/auth-events';
import { getPreferences, usePreferences } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { useSettings } from '../api/get-settings';
import { saveSettings } from '../api/save-settings';
import { settingsKeys } from '../api/keys';
import { appearanceOf, applyAppearance, isSynced, markSynced } from '../lib/appearance';
import { writePlannerDefaults } from '../lib/planner-defaults';

/** How long after the last customizer change the appearance is saved to the account. */
export const APPEARANCE_SAVE_DELAY_MS = 600;
/** How long after a sign-in its landing on the dashboard still counts as "just signed in". */
const START_PAGE_WINDOW_MS = 15_000;

/**
 * Makes the account's settings follow the user (mounted once, at the root):
 * - at sign-in in this browser (any tab), the appearance saved to the account is applied here
 *   (the Template Customizer shows it), the profile's units and flat pace become the planner's
 *   defaults, and a sign-in that lands on the dashboard opens the chosen start page instead;
 * - while signed in, every later appearance change — from the customizer or /settings/appearance —
 *   is saved to the account (nothing is sent just because a page loaded);
 * - the display settings (hidden sidebar entries, date/time format, map defaults) go to lib/account-display;
 * - signed out: nothing is read or sent; the browser keeps its own preferences.
 */
export function SettingsSync() {
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const settings = useSettings(userId !== null);
  const prefs = usePreferences();
  const qc = useQueryClient();
  const router = useRouter();
  /** A sign-in happened in this browser at this time: the next settings read applies the account's appearance. */
  const signedInAt = useRef<number | null>(null);
  /** The account whose settings this page has taken in (the baseline for "a change"). */
  const seen = useRef<string | null>(null);
  /** After a sign-in: the start page to open once the sign-in lands on the dashboard (its default target). */
  const startPage = useRef<{ to: string; until: number } | null>(null);
  const goToStartPage = useCallback(() => {
    const p = startPage.current;
    if (!p) return;
    if (Date.now() > p.until) {
      startPage.current = null;
      return;
    }
    const here = router.state.location.pathname.replace(/\/$/, '');
    if (here === '/dashboard') {
      startPage.current = null;
      void router.navigate({ href: p.to, replace: true });
    }
  }, [router]);
  useEffect(() => router.subscribe('onResolved', goToStartPage), [router, goToStartPage]);

  useEffect(
    () =>
      onAuthEvent((e) => {
        if (e === 'SIGNED_IN' || e === 'MFA_CHALLENGE_VERIFIED') {
          signedInAt.current = Date.now();
          void qc.invalidateQueries({ queryKey: settingsKeys.all });
        }
        if (e === 'SIGNED_OUT') {
          markSynced(null);
          seen.current = null;
          resetAccountDisplay();
          qc.removeQueries({ queryKey: settingsKeys.all });
        }
      }),
    [qc],
  );

  const s = settings.data;
  const updatedAt = settings.dataUpdatedAt;
  useEffect(() => {
    if (!userId || !s) return;
    setAccountDisplay({
      hiddenNav: s.display.hiddenNav,
      dateFormat: s.display.dateFormat,
      timeFormat: s.display.timeFormat,
      basemap: s.display.basemap,
      mapRegion: s.display.mapRegion,
    });
    const afterSignIn = signedInAt.current !== null && updatedAt >= signedInAt.current;
    if (afterSignIn) {
      signedInAt.current = null;
      seen.current = userId;
      if (s.appearance) applyAppearance(s.appearance);
      else markSynced(appearanceOf(getPreferences()));
      writePlannerDefaults(s.profile);
      if (s.display.startPage !== '/dashboard') startPage.current = { to: s.display.startPage, until: Date.now() + START_PAGE_WINDOW_MS };
      goToStartPage();
    } else if (seen.current !== userId) {
      // A page load with an existing session: this browser's preferences stand; later changes are saved.
      seen.current = userId;
      markSynced(appearanceOf(getPreferences()));
    }
  }, [userId, s, updatedAt, goToStartPage]);

  // This browser → server: the customizer (or the appearance page) changed something.
  const current = appearanceOf(prefs);
  const currentJson = JSON.stringify(current);
  useEffect(() => {
    if (!userId || seen.current !== userId || isSynced(current)) return;
    const t = setTimeout(() => {
      markSynced(current);
      saveSettings('appearance', current).then(
        (next) => qc.setQueryData(settingsKeys.all, next),
        () => markSynced(null),
      );
    }, APPEARANCE_SAVE_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentJson, userId, s]);

  return null;
}
