import type { ProfileSettings } from '@waymark/contracts/settings';

/**
 * The planner keeps its units and flat pace in this browser (`waymark.planner.prefs.v1`, see the
 * route planner's storage); the account's profile becomes its default: written there on sign-in
 * and when the profile is saved. The planner's leg mode is kept as it is.
 */
export const PLANNER_PREFS_KEY = 'waymark.planner.prefs.v1';

export function writePlannerDefaults(p: Pick<ProfileSettings, 'units' | 'flatPaceSecPerKm'>) {
  try {
    const old = JSON.parse(localStorage.getItem(PLANNER_PREFS_KEY) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(PLANNER_PREFS_KEY, JSON.stringify({ mode: 'snap', ...old, units: p.units, paceSecPerKm: p.flatPaceSecPerKm }));
  } catch {
    /* storage unavailable: the planner keeps its own defaults */
  }
}
