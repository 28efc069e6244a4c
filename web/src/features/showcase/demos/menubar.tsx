import { useState } from 'react';
import {
  Menubar,
  MenubarCheckboxItem,
  MenubarContent,
  MenubarItem,
  MenubarMenu,
  MenubarRadioGroup,
  MenubarRadioItem,
  MenubarSeparator,
  MenubarShortcut,
  MenubarSub,
  MenubarSubContent,
  MenubarSubTrigger,
  MenubarTrigger,
} from '@/components/ui/menubar';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A horizontal bar of menus, as in desktop applications (<code>role=&quot;menubar&quot;</code>). Only one trigger is in the tab order;
      the arrow keys move between the menus, also from inside an open menu.
    </p>
  ),
  builtOn: 'Radix Menubar',
  examples: [
    { id: 'Editor', title: 'Map editor menus (controlled state)', render: Editor },
    { id: 'States', title: 'Disabled menu and items', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the menubar (one stop).' },
    { keys: 'ArrowRight / ArrowLeft', action: 'Next / previous menu (mirrored in RTL), also from inside an open menu.' },
    { keys: 'Enter / Space / ArrowDown', action: 'Opens the focused menu.' },
    { keys: 'ArrowDown / ArrowUp', action: 'In a menu: next / previous item.' },
    { keys: 'Escape', action: 'Closes the menu; focus returns to its trigger.' },
  ],
});

function Editor() {
  const [snap, setSnap] = useState(true);
  const [mode, setMode] = useState('line');
  const [last, setLast] = useState('none');
  return (
    <div className="grid justify-items-center gap-2">
      <Menubar>
        <MenubarMenu>
          <MenubarTrigger>File</MenubarTrigger>
          <MenubarContent>
            <MenubarItem onSelect={() => setLast('New layer')}>
              New layer <MenubarShortcut>⌘N</MenubarShortcut>
            </MenubarItem>
            <MenubarSub>
              <MenubarSubTrigger>Import</MenubarSubTrigger>
              <MenubarSubContent>
                <MenubarItem onSelect={() => setLast('Import GeoJSON')}>GeoJSON</MenubarItem>
                <MenubarItem onSelect={() => setLast('Import GPX')}>GPX</MenubarItem>
              </MenubarSubContent>
            </MenubarSub>
            <MenubarSeparator />
            <MenubarItem onSelect={() => setLast('Export')}>
              Export… <MenubarShortcut>⌘E</MenubarShortcut>
            </MenubarItem>
          </MenubarContent>
        </MenubarMenu>
        <MenubarMenu>
          <MenubarTrigger>Edit</MenubarTrigger>
          <MenubarContent>
            <MenubarItem onSelect={() => setLast('Undo')}>
              Undo <MenubarShortcut>⌘Z</MenubarShortcut>
            </MenubarItem>
            <MenubarItem onSelect={() => setLast('Redo')}>
              Redo <MenubarShortcut>⇧⌘Z</MenubarShortcut>
            </MenubarItem>
            <MenubarSeparator />
            <MenubarCheckboxItem checked={snap} onCheckedChange={setSnap}>
              Snapping
            </MenubarCheckboxItem>
          </MenubarContent>
        </MenubarMenu>
        <MenubarMenu>
          <MenubarTrigger>Draw</MenubarTrigger>
          <MenubarContent>
            <MenubarRadioGroup value={mode} onValueChange={setMode}>
              <MenubarRadioItem value="point">Point</MenubarRadioItem>
              <MenubarRadioItem value="line">Line</MenubarRadioItem>
              <MenubarRadioItem value="polygon">Polygon</MenubarRadioItem>
            </MenubarRadioGroup>
          </MenubarContent>
        </MenubarMenu>
      </Menubar>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="menubar-state">
        Last: {last} · snapping {snap ? 'on' : 'off'} · mode {mode}
      </p>
    </div>
  );
}

function States() {
  return (
    <Menubar>
      <MenubarMenu>
        <MenubarTrigger>View</MenubarTrigger>
        <MenubarContent>
          <MenubarItem>Zoom in</MenubarItem>
          <MenubarItem disabled>Zoom out (at minimum)</MenubarItem>
          <MenubarSeparator />
          <MenubarItem variant="destructive">Reset layout</MenubarItem>
        </MenubarContent>
      </MenubarMenu>
      <MenubarMenu>
        <MenubarTrigger disabled className="opacity-50">
          Share
        </MenubarTrigger>
        <MenubarContent>
          <MenubarItem>Never shown</MenubarItem>
        </MenubarContent>
      </MenubarMenu>
    </Menubar>
  );
}
