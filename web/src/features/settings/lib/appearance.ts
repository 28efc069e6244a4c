import type { AppearanceSettings } from '@waymark/contracts/settings';
import { getPreferences, setPreferences, type Preferences } from '@/lib/preferences';

/** The customizer's preferences as the account stores them. */
export const appearanceOf = (p: Preferences): AppearanceSettings => ({
  theme: p.theme,
  radius: p.radius,
  mode: p.mode,
  navbar: p.sidebar.variant,
  dir: p.dir,
});

export const sameAppearance = (a: AppearanceSettings | null, b: AppearanceSettings | null) => JSON.stringify(a) === JSON.stringify(b);

/** What the server has (last read or written): a preference change equal to it is not sent back. */
let synced: AppearanceSettings | null = null;
export const markSynced = (a: AppearanceSettings | null) => {
  synced = a;
};
export const isSynced = (a: AppearanceSettings) => sameAppearance(a, synced);

/** Apply the account's appearance to this browser (stored, applied to the document, customizer updated). */
export function applyAppearance(a: AppearanceSettings) {
  markSynced(a);
  if (sameAppearance(appearanceOf(getPreferences()), a)) return;
  setPreferences({ theme: a.theme, radius: a.radius, mode: a.mode, dir: a.dir, sidebar: { variant: a.navbar } });
}
