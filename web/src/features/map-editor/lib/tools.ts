/** The editor's tools, their terra-draw modes and keyboard shortcuts (listed in the UI and docs). */
export const TOOLS = [
  { id: 'select', label: 'Select and edit', key: 'v', draws: false },
  { id: 'point', label: 'Point', key: 'm', draws: true },
  { id: 'linestring', label: 'Line', key: 'l', draws: true },
  { id: 'polygon', label: 'Polygon', key: 'p', draws: true },
  { id: 'rectangle', label: 'Rectangle', key: 'r', draws: true },
  { id: 'circle', label: 'Circle', key: 'c', draws: true },
  { id: 'freehand', label: 'Freehand', key: 'f', draws: true },
  { id: 'measure', label: 'Measure', key: 'd', draws: false },
] as const;

export type ToolId = (typeof TOOLS)[number]['id'];

export function toolForKey(key: string): ToolId | null {
  const k = key.toLowerCase();
  return TOOLS.find((t) => t.key === k)?.id ?? null;
}

/** Tools that add features (disabled for viewers and on locked layers). */
export function toolDraws(tool: ToolId): boolean {
  return TOOLS.find((t) => t.id === tool)?.draws ?? false;
}

/** Other shortcuts of the editor, for the shortcut list. */
export const SHORTCUTS: [string, string][] = [
  ['Ctrl/⌘ + Z', 'Undo'],
  ['Ctrl/⌘ + Shift + Z, Ctrl + Y', 'Redo'],
  ['Delete / Backspace', 'Delete the selected feature'],
  ['[ and ]', 'Rotate the selected feature by 15°'],
  ['- and +', 'Scale the selected feature'],
  ['Enter', 'Finish a line or polygon'],
  ['Escape', 'Cancel drawing / clear the selection'],
  ['Right-click a vertex', 'Delete that vertex'],
  ['Drag a midpoint', 'Add a vertex'],
];
