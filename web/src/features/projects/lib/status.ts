import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectColor, type ProjectStatus } from '@waymark/contracts';
import { formatDate } from '@/lib/format-date';

export { PROJECT_STATUSES, PROJECT_STATUS_LABELS };

/** Badge colours per status: text and background keep ≥ 4.5:1 contrast in light and dark. */
export const STATUS_CLASSES: Record<ProjectStatus, string> = {
  draft: 'border-transparent bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  active: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  on_hold: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  completed: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  archived: 'border-transparent bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100',
};

export const STATUS_HELP: Record<ProjectStatus, string> = {
  draft: 'Being prepared; not started yet.',
  active: 'Work is under way.',
  on_hold: 'Paused for now.',
  completed: 'Done; kept for reference.',
  archived: 'Hidden from the project list unless you filter for it.',
};

/** Cover colours: a background for the card's preview and a swatch. */
export const COLOR_CLASSES: Record<ProjectColor, { bg: string; swatch: string; stroke: string }> = {
  blue: { bg: 'from-sky-200 to-blue-300 dark:from-sky-950 dark:to-blue-900', swatch: 'bg-blue-500', stroke: '#1d4ed8' },
  green: { bg: 'from-emerald-200 to-green-300 dark:from-emerald-950 dark:to-green-900', swatch: 'bg-green-500', stroke: '#15803d' },
  orange: { bg: 'from-amber-200 to-orange-300 dark:from-amber-950 dark:to-orange-900', swatch: 'bg-orange-500', stroke: '#c2410c' },
  red: { bg: 'from-rose-200 to-red-300 dark:from-rose-950 dark:to-red-900', swatch: 'bg-red-500', stroke: '#b91c1c' },
  violet: { bg: 'from-violet-200 to-purple-300 dark:from-violet-950 dark:to-purple-900', swatch: 'bg-violet-500', stroke: '#6d28d9' },
  teal: { bg: 'from-teal-200 to-cyan-300 dark:from-teal-950 dark:to-cyan-900', swatch: 'bg-teal-500', stroke: '#0f766e' },
  pink: { bg: 'from-pink-200 to-fuchsia-300 dark:from-pink-950 dark:to-fuchsia-900', swatch: 'bg-pink-500', stroke: '#be185d' },
  slate: { bg: 'from-slate-200 to-slate-300 dark:from-slate-900 dark:to-slate-800', swatch: 'bg-slate-500', stroke: '#334155' },
};

export const ROLE_LABELS = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;
export const ROLE_HELP = {
  owner: 'Manages members, changes everything, can delete the project.',
  editor: 'Changes details, status, documents and the map.',
  viewer: 'Sees everything, changes nothing.',
} as const;

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  return ((parts[0]![0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]![0] ?? '') : '')).toUpperCase();
}

/** The app's one byte-count format (lib/format-bytes). */
export { formatBytes } from '@/lib/format-bytes';

/** The app's one date format (lib/format-date). */
export { formatDate };

export function relativeTime(iso: string, now = Date.now()): string {
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d < 30) return `${d} day${d === 1 ? '' : 's'} ago`;
  return formatDate(iso);
}
