/**
 * The component showcase's catalogue: the 50 names SPEC.md §2 lists under /components/{name}
 * (with the index page /components, 51 pages). Plain data with no imports: the web build reads it
 * (web/vite.config.ts) to list these pages in routes.json, so the server answers any other
 * /components/… path with a 404; the index grid, the `$name` route and the command palette read it
 * too, so the list is written once.
 */
export const SHOWCASE_CATEGORIES = [
  'Actions',
  'Forms',
  'Date',
  'Overlays',
  'Menus & navigation',
  'Data display',
  'Feedback',
  'Layout',
] as const;
export type ShowcaseCategory = (typeof SHOWCASE_CATEGORIES)[number];

export interface ShowcaseEntry {
  /** URL segment: /components/{name}. */
  name: string;
  title: string;
  /** One line for the index grid and the command palette. */
  summary: string;
  category: ShowcaseCategory;
}

export const SHOWCASE: readonly ShowcaseEntry[] = [
  { name: 'accordion', title: 'Accordion', summary: 'Stacked headings that each reveal a section of content.', category: 'Layout' },
  { name: 'alert', title: 'Alert', summary: 'A callout for a message that needs the user’s attention.', category: 'Feedback' },
  {
    name: 'alert-dialog',
    title: 'Alert Dialog',
    summary: 'A modal that interrupts to confirm a consequential action.',
    category: 'Overlays',
  },
  { name: 'aspect-ratio', title: 'Aspect Ratio', summary: 'Keeps content such as a map or photo at a fixed ratio.', category: 'Layout' },
  { name: 'avatar', title: 'Avatar', summary: 'A user’s picture with initials as the fallback.', category: 'Data display' },
  { name: 'badge', title: 'Badge', summary: 'A small label for a status or a count.', category: 'Data display' },
  {
    name: 'breadcrumb',
    title: 'Breadcrumb',
    summary: 'The path to the current page through the hierarchy.',
    category: 'Menus & navigation',
  },
  { name: 'button', title: 'Button', summary: 'Triggers an action or an event.', category: 'Actions' },
  { name: 'calendar', title: 'Calendar', summary: 'A month grid to pick a date.', category: 'Date' },
  { name: 'card', title: 'Card', summary: 'A surface grouping a header, content and actions.', category: 'Layout' },
  { name: 'carousel', title: 'Carousel', summary: 'Slides that scroll with buttons, keys or swipes.', category: 'Data display' },
  { name: 'checkbox', title: 'Checkbox', summary: 'Toggles an option on or off, or shows a mixed state.', category: 'Forms' },
  { name: 'collapsible', title: 'Collapsible', summary: 'Shows and hides one panel of content.', category: 'Layout' },
  { name: 'combobox', title: 'Combobox', summary: 'A text field with a filtered list of suggestions.', category: 'Forms' },
  {
    name: 'command',
    title: 'Command',
    summary: 'A searchable list of commands, as in the command palette.',
    category: 'Menus & navigation',
  },
  {
    name: 'context-menu',
    title: 'Context Menu',
    summary: 'A menu opened by right-click or the context-menu key.',
    category: 'Menus & navigation',
  },
  { name: 'dialog', title: 'Dialog', summary: 'A modal window over the page.', category: 'Overlays' },
  { name: 'drawer', title: 'Drawer', summary: 'A panel that slides from the screen edge and closes with a swipe.', category: 'Overlays' },
  { name: 'dropdown-menu', title: 'Dropdown Menu', summary: 'A menu of actions opened from a button.', category: 'Menus & navigation' },
  {
    name: 'form',
    title: 'Form',
    summary: 'Fields with labels, descriptions and validation messages (react-hook-form + zod).',
    category: 'Forms',
  },
  { name: 'hover-card', title: 'Hover Card', summary: 'A preview card shown when a link is hovered or focused.', category: 'Overlays' },
  { name: 'input', title: 'Input', summary: 'A single-line text field.', category: 'Forms' },
  { name: 'label', title: 'Label', summary: 'The accessible name of a form control.', category: 'Forms' },
  { name: 'menubar', title: 'Menubar', summary: 'A horizontal bar of menus, as in desktop applications.', category: 'Menus & navigation' },
  { name: 'navigation-menu', title: 'Navigation Menu', summary: 'Site navigation with panels of links.', category: 'Menus & navigation' },
  { name: 'number-field', title: 'Number Field', summary: 'A numeric input with steppers, bounds and formatting.', category: 'Forms' },
  { name: 'pagination', title: 'Pagination', summary: 'Moves between pages of a long list.', category: 'Menus & navigation' },
  { name: 'pin-input', title: 'Pin Input', summary: 'One-time code entry, one box per character.', category: 'Forms' },
  { name: 'popover', title: 'Popover', summary: 'Rich content in a floating panel anchored to a button.', category: 'Overlays' },
  { name: 'progress', title: 'Progress', summary: 'How far a task has got.', category: 'Feedback' },
  { name: 'radio-group', title: 'Radio Group', summary: 'Choose exactly one of a few options.', category: 'Forms' },
  { name: 'range-calendar', title: 'Range Calendar', summary: 'A calendar to pick a start and an end date.', category: 'Date' },
  { name: 'resizable', title: 'Resizable', summary: 'Panels split by handles that drag or move with the keyboard.', category: 'Layout' },
  { name: 'scroll-area', title: 'Scroll Area', summary: 'A scrolling region with styled scrollbars.', category: 'Layout' },
  { name: 'select', title: 'Select', summary: 'Choose one value from a list in a popup.', category: 'Forms' },
  { name: 'separator', title: 'Separator', summary: 'A rule between groups of content.', category: 'Layout' },
  { name: 'sheet', title: 'Sheet', summary: 'A dialog sliding in from a side of the screen.', category: 'Overlays' },
  { name: 'skeleton', title: 'Skeleton', summary: 'A placeholder while content loads.', category: 'Feedback' },
  { name: 'slider', title: 'Slider', summary: 'Pick a value or a range by dragging a thumb.', category: 'Forms' },
  { name: 'sonner', title: 'Sonner', summary: 'Notification toasts: stacked, swipeable, with actions and promises.', category: 'Feedback' },
  { name: 'stepper', title: 'Stepper', summary: 'The steps of a multi-step flow and where the user is.', category: 'Menus & navigation' },
  { name: 'switch', title: 'Switch', summary: 'Turns a setting on or off at once.', category: 'Forms' },
  { name: 'table', title: 'Table', summary: 'Rows and columns of data.', category: 'Data display' },
  { name: 'tabs', title: 'Tabs', summary: 'Panels of content, one visible at a time.', category: 'Layout' },
  { name: 'tags-input', title: 'Tags Input', summary: 'Type values that become removable tags.', category: 'Forms' },
  { name: 'textarea', title: 'Textarea', summary: 'A multi-line text field.', category: 'Forms' },
  { name: 'toast', title: 'Toast', summary: 'The headless store-based toaster: one message at a time.', category: 'Feedback' },
  { name: 'toggle', title: 'Toggle', summary: 'A two-state button.', category: 'Actions' },
  { name: 'toggle-group', title: 'Toggle Group', summary: 'A set of toggles, single or multiple choice.', category: 'Actions' },
  { name: 'tooltip', title: 'Tooltip', summary: 'A short label shown on hover or focus.', category: 'Overlays' },
];

export const SHOWCASE_NAMES: readonly string[] = SHOWCASE.map((e) => e.name);

export function showcaseEntry(name: string): ShowcaseEntry | undefined {
  return SHOWCASE.find((e) => e.name === name);
}
