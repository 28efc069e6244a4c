import { useState, type ReactNode } from 'react';
import {
  ContextMenu,
  ContextMenuCheckboxItem,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuLabel,
  ContextMenuRadioGroup,
  ContextMenuRadioItem,
  ContextMenuSeparator,
  ContextMenuShortcut,
  ContextMenuSub,
  ContextMenuSubContent,
  ContextMenuSubTrigger,
  ContextMenuTrigger,
} from '@/components/ui/context-menu';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A menu opened at the pointer by a right-click or a long press, or from the keyboard with the context-menu key or{' '}
      <code>Shift+F10</code> on the focused area. Offer the same actions elsewhere too: a context menu is hard to discover.
    </p>
  ),
  builtOn: 'Radix ContextMenu',
  examples: [
    { id: 'Full', title: 'Items, checkboxes, radios, submenu (controlled state)', render: Full },
    { id: 'States', title: 'Disabled and destructive items', render: States },
  ],
  keyboard: [
    { keys: 'Shift+F10 / ContextMenu', action: 'On the focused area: opens the menu.' },
    { keys: 'ArrowDown / ArrowUp', action: 'Next / previous item.' },
    { keys: 'ArrowRight', action: 'Opens a submenu (ArrowLeft in RTL).' },
    { keys: 'ArrowLeft', action: 'Closes a submenu (ArrowRight in RTL).' },
    { keys: 'Enter / Space', action: 'Runs the item, toggles a checkbox or picks a radio.' },
    { keys: 'Escape', action: 'Closes the menu.' },
    { keys: 'Typing', action: 'Jumps to the item starting with the letters typed.' },
  ],
});

function Area({ children }: { children: ReactNode }) {
  return (
    <ContextMenuTrigger
      tabIndex={0}
      aria-label="Map area: open the context menu with right-click or Shift+F10"
      className="flex h-36 w-full max-w-sm items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </ContextMenuTrigger>
  );
}

function Full() {
  const [snap, setSnap] = useState(true);
  const [basemap, setBasemap] = useState('topo');
  const [last, setLast] = useState('none');
  return (
    <div className="grid w-full max-w-sm justify-items-center gap-2">
      <ContextMenu>
        <Area>Right-click here</Area>
        <ContextMenuContent className="w-56">
          <ContextMenuItem onSelect={() => setLast('Add waypoint')}>
            Add waypoint
            <ContextMenuShortcut>A</ContextMenuShortcut>
          </ContextMenuItem>
          <ContextMenuItem onSelect={() => setLast('Start a loop here')}>Start a loop here</ContextMenuItem>
          <ContextMenuSub>
            <ContextMenuSubTrigger>Measure</ContextMenuSubTrigger>
            <ContextMenuSubContent className="w-44">
              <ContextMenuItem onSelect={() => setLast('Distance')}>Distance</ContextMenuItem>
              <ContextMenuItem onSelect={() => setLast('Area')}>Area</ContextMenuItem>
            </ContextMenuSubContent>
          </ContextMenuSub>
          <ContextMenuSeparator />
          <ContextMenuCheckboxItem checked={snap} onCheckedChange={setSnap}>
            Snap to paths
          </ContextMenuCheckboxItem>
          <ContextMenuSeparator />
          <ContextMenuLabel inset>Basemap</ContextMenuLabel>
          <ContextMenuRadioGroup value={basemap} onValueChange={setBasemap}>
            <ContextMenuRadioItem value="topo">Topographic</ContextMenuRadioItem>
            <ContextMenuRadioItem value="light">Light</ContextMenuRadioItem>
            <ContextMenuRadioItem value="dark">Dark</ContextMenuRadioItem>
          </ContextMenuRadioGroup>
        </ContextMenuContent>
      </ContextMenu>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="context-menu-state">
        Last: {last} · snap {snap ? 'on' : 'off'} · basemap {basemap}
      </p>
    </div>
  );
}

function States() {
  return (
    <ContextMenu>
      <Area>Right-click for disabled items</Area>
      <ContextMenuContent className="w-52">
        <ContextMenuItem>Copy coordinates</ContextMenuItem>
        <ContextMenuItem disabled>Paste (clipboard empty)</ContextMenuItem>
        <ContextMenuSeparator />
        <ContextMenuItem variant="destructive">Delete feature</ContextMenuItem>
      </ContextMenuContent>
    </ContextMenu>
  );
}
