import { useSyncExternalStore } from 'react';

/**
 * Account-wide display state the shell reads (lib/ is the bottom layer, so the settings and mail
 * features write here and components/layout reads it without importing a feature):
 * - `hiddenNav`: sidebar entries the user hid in /settings/display;
 * - `dateFormat` / `timeFormat`: how `formatDateTime` writes dates and times;
 * - `badges`: counts shown beside sidebar entries (the mailbox's unread count on /email).
 */
export interface AccountDisplay {
  hiddenNav: readonly string[];
  dateFormat: 'locale' | 'iso' | 'dmy' | 'mdy';
  timeFormat: '24h' | '12h';
  /** Map defaults: the basemap theme (auto follows the colour mode) and the region maps open on. */
  basemap: 'auto' | 'light' | 'dark';
  mapRegion: string;
  badges: Readonly<Record<string, number>>;
}

const DEFAULT: AccountDisplay = Object.freeze({
  hiddenNav: [],
  dateFormat: 'locale',
  timeFormat: '24h',
  basemap: 'auto',
  mapRegion: 'andorra',
  badges: {},
});
let state: AccountDisplay = DEFAULT;
const listeners = new Set<() => void>();

export function getAccountDisplay(): AccountDisplay {
  return state;
}

export function setAccountDisplay(patch: Partial<AccountDisplay>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** Back to the defaults (on sign-out), keeping nothing of the previous account. */
export function resetAccountDisplay() {
  state = DEFAULT;
  for (const l of listeners) l();
}

export function setNavBadge(path: string, count: number) {
  if ((state.badges[path] ?? 0) === count) return;
  setAccountDisplay({ badges: { ...state.badges, [path]: count } });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAccountDisplay(): AccountDisplay {
  return useSyncExternalStore(subscribe, getAccountDisplay, () => DEFAULT);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date (and time, unless `dateOnly`) in the user's chosen format. */
export function formatDateTime(
  iso: string | Date,
  opts: { dateOnly?: boolean; timeOnly?: boolean; display?: AccountDisplay } = {},
): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  const s = opts.display ?? state;
  const hour12 = s.timeFormat === '12h';
  const time = d.toLocaleTimeString(hour12 ? 'en-US' : 'en-GB', { hour: '2-digit', minute: '2-digit', hour12 });
  if (opts.timeOnly) return time;
  let date: string;
  switch (s.dateFormat) {
    case 'iso':
      date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      break;
    case 'dmy':
      date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
      break;
    case 'mdy':
      date = `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
      break;
    default:
      date = d.toLocaleDateString(undefined, { dateStyle: 'medium' });
  }
  if (opts.dateOnly) return date;
  return `${date} ${time}`;
}
