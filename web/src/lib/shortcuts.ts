/**
 * Every keyboard shortcut of the app, in one table. The root registers the navigation sequences
 * from it (`sequence` + `to`), and /help renders the whole table — so the help cannot drift from
 * what the keys do. Entries without `sequence` are handled by the component named in `where`.
 */
export interface ShortcutEntry {
  id: string;
  /** What to press, for people: each inner array is one key combination; several are pressed in turn. */
  keys: string[][];
  description: string;
  /** Where it works. */
  where: 'Everywhere' | 'Route planner' | 'Route planner map';
  /** A key sequence the root listens for (letters, case-insensitive, at most 800 ms apart). */
  sequence?: string[];
  /** Where the sequence goes. */
  to?: string;
}

export const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘' : 'Ctrl';

export const SHORTCUTS: readonly ShortcutEntry[] = [
  {
    id: 'go-home',
    keys: [['G'], ['H']],
    sequence: ['g', 'h'],
    to: '/',
    where: 'Everywhere',
    description: 'Go to the home page (G, then H within 800 ms)',
  },
  {
    id: 'go-email',
    keys: [['G'], ['E']],
    sequence: ['g', 'e'],
    to: '/email',
    where: 'Everywhere',
    description: 'Go to your mail (G, then E within 800 ms)',
  },
  { id: 'command', keys: [[MOD_KEY, 'K']], where: 'Everywhere', description: 'Open the command palette: pages and actions' },
  { id: 'sidebar', keys: [[MOD_KEY, 'B']], where: 'Everywhere', description: 'Show or hide the sidebar' },
  { id: 'notifications', keys: [['Alt', 'T']], where: 'Everywhere', description: 'Focus the notifications (Escape collapses them)' },
  { id: 'system-messages', keys: [['F8']], where: 'Everywhere', description: 'Focus the system messages' },
  { id: 'close', keys: [['Esc']], where: 'Everywhere', description: 'Close a dialog, sheet, drawer or menu' },
  { id: 'undo', keys: [[MOD_KEY, 'Z']], where: 'Route planner', description: 'Undo the last change to the route' },
  { id: 'redo', keys: [[MOD_KEY, 'Shift', 'Z']], where: 'Route planner', description: 'Redo' },
  {
    id: 'add-centre',
    keys: [['Enter']],
    where: 'Route planner map',
    description: 'Add a waypoint at the centre of the map (map focused; arrow keys pan, + and − zoom)',
  },
  { id: 'remove-last', keys: [['Delete']], where: 'Route planner map', description: 'Remove the last waypoint (Backspace works too)' },
];

/** The navigation sequences the root registers. */
export const NAVIGATION_SEQUENCES = SHORTCUTS.filter((s): s is ShortcutEntry & { sequence: string[]; to: string } =>
  Boolean(s.sequence && s.to),
);
