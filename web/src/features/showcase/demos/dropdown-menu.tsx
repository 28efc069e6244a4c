import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A menu of actions opened from a button (<code>aria-haspopup=&quot;menu&quot;</code>). Items can be plain, checkboxes, radio groups or
      open a submenu; the user menu in the header is one.
    </p>
  ),
  builtOn: 'Radix DropdownMenu',
  examples: [
    { id: 'Account', title: 'Items, groups, shortcuts, submenu', render: Account },
    { id: 'Controlled', title: 'Checkboxes and radios (controlled)', render: Controlled },
    { id: 'States', title: 'Disabled and destructive items, disabled trigger', render: States },
  ],
  keyboard: [
    { keys: 'Enter / Space / ArrowDown', action: 'On the trigger: opens the menu, focus on the first item.' },
    { keys: 'ArrowDown / ArrowUp', action: 'Next / previous item.' },
    { keys: 'ArrowRight / ArrowLeft', action: 'Opens / closes a submenu (mirrored in RTL).' },
    { keys: 'Enter / Space', action: 'Runs the item.' },
    { keys: 'Escape', action: 'Closes the menu; focus returns to the trigger.' },
    { keys: 'Typing', action: 'Jumps to a matching item.' },
  ],
});

function Account() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          Account <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56" align="start">
        <DropdownMenuLabel>demo@waymark.local</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem>
            <User aria-hidden /> Profile <DropdownMenuShortcut>⇧⌘P</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem>
            <Settings aria-hidden /> Settings <DropdownMenuShortcut>⌘,</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>Export</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem>GPX</DropdownMenuItem>
              <DropdownMenuItem>KML</DropdownMenuItem>
              <DropdownMenuItem>GeoJSON</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem>
          <LogOut aria-hidden /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Controlled() {
  const [units, setUnits] = useState('km');
  const [grade, setGrade] = useState(true);
  const [markers, setMarkers] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">View options</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-56">
          <DropdownMenuLabel>Show on the profile</DropdownMenuLabel>
          <DropdownMenuCheckboxItem checked={grade} onCheckedChange={setGrade}>
            Grade colours
          </DropdownMenuCheckboxItem>
          <DropdownMenuCheckboxItem checked={markers} onCheckedChange={setMarkers}>
            Distance markers
          </DropdownMenuCheckboxItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Units</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={units} onValueChange={setUnits}>
            <DropdownMenuRadioItem value="km">Kilometres</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="mi">Miles</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <p className="text-sm text-muted-foreground">
        Units {units} · grade {grade ? 'on' : 'off'} · markers {markers ? 'on' : 'off'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="flex flex-wrap gap-3">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Duplicate</DropdownMenuItem>
          <DropdownMenuItem disabled>Move (no other project)</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive">Delete</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled>
          <Button variant="outline">Disabled trigger</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Never shown</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
