import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { resetAccountDisplay, setAccountDisplay } from '@/lib/account-display';
import { onAuthEvent } from '@/lib/auth-events';
import { usePreferences } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { useSettings } from '../api/get-settings';
import { saveSettings } from '../api/save-settings';
import { settingsKeys } from '../api/keys';
import { appearanceOf, applyAppearance, isSynced, markSynced } from '../lib/appearance';
import { writePlannerDefaults } from '../lib/planner-defaults';

/** How long after the last customizer change the appearance is saved to the account. */
export const APPEARANCE_SAVE_DELAY_MS = 600;

/**
 * Makes the account's settings follow the user (mounted once, at the root):
 * - signed in: the saved appearance is applied here (the Template Customizer shows it), and any
 *   later change — from the customizer or /settings/appearance — is saved to the account;
 * - the display settings (hidden sidebar entries, date/time format, basemap) go to lib/account-display;
 * - the profile's units and flat pace become the planner's defaults;
 * - after a sign-in that lands on the dashboard, the chosen start page opens instead;
 * - signed out: nothing is read or sent; the browser keeps its own preferences.
 */
export function SettingsSync() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const settings = useSettings(signedIn);
  const prefs = usePreferences();
  const qc = useQueryClient();
  const router = useRouter();
  const justSignedIn = useRef(false);
  const applied = useRef<string | null>(null);

  useEffect(
    () =>
      onAuthEvent((e) => {
        if (e === 'SIGNED_IN' || e === 'MFA_CHALLENGE_VERIFIED') justSignedIn.current = true;
        if (e === 'SIGNED_OUT') {
          markSynced(null);
          applied.current = null;
          resetAccountDisplay();
          qc.removeQueries({ queryKey: settingsKeys.all });
        }
      }),
    [qc],
  );

  // Server → this browser, once per account (and again whenever the settings are re-read).
  const s = settings.data;
  useEffect(() => {
    if (!signedIn || !s) return;
    const key = `${session.data?.user.id}:${settings.dataUpdatedAt}`;
    if (applied.current === key) return;
    const firstForAccount = !applied.current?.startsWith(`${session.data?.user.id}:`);
    applied.current = key;
    if (s.appearance) applyAppearance(s.appearance);
    else markSynced(null);
    setAccountDisplay({
      hiddenNav: s.display.hiddenNav,
      dateFormat: s.display.dateFormat,
      timeFormat: s.display.timeFormat,
      basemap: s.display.basemap,
      mapRegion: s.display.mapRegion,
    });
    if (firstForAccount) writePlannerDefaults(s.profile);
    if (justSignedIn.current) {
      justSignedIn.current = false;
      const here = router.state.location.pathname;
      if ((here === '/dashboard' || here === '/dashboard/') && s.display.startPage !== '/dashboard')
        void router.navigate({ href: s.display.startPage, replace: true });
    }
  }, [signedIn, s, settings.dataUpdatedAt, session.data?.user.id, router]);

  // This browser → server: the customizer (or the appearance page) changed something.
  const current = appearanceOf(prefs);
  const currentJson = JSON.stringify(current);
  useEffect(() => {
    if (!signedIn || !s || isSynced(current)) return;
    const t = setTimeout(() => {
      markSynced(current);
      saveSettings('appearance', current).then(
        (next) => qc.setQueryData(settingsKeys.all, next),
        () => markSynced(s.appearance),
      );
    }, APPEARANCE_SAVE_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentJson, signedIn, s]);

  return null;
}
