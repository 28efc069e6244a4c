import { Calculator, Calendar, Footprints, Map, Settings, User } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Command,
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
  CommandShortcut,
} from '@/components/ui/command';
import { Kbd } from '@/components/ui/kbd';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A search field over a list of commands, filtered and ranked as you type; the highlighted item follows the arrow keys. It powers the
      app’s command palette (<Kbd>Ctrl</Kbd> <Kbd>K</Kbd>). Inline, or in a dialog.
    </p>
  ),
  builtOn: 'cmdk',
  examples: [
    { id: 'Inline', title: 'Inline', render: Inline },
    { id: 'InDialog', title: 'In a dialog (controlled)', render: InDialog },
    { id: 'Empty', title: 'Empty and loading', render: Empty },
  ],
  keyboard: [
    { keys: 'ArrowDown / ArrowUp', action: 'Next / previous item (skips disabled ones).' },
    { keys: 'Home / End', action: 'First / last item.' },
    { keys: 'Enter', action: 'Runs the highlighted item.' },
    { keys: 'Escape', action: 'In a dialog: closes it.' },
  ],
});

function Inline() {
  const [ran, setRan] = useState('nothing');
  return (
    <div className="grid w-full max-w-md gap-2">
      <Command className="rounded-lg border shadow-md" label="Commands">
        <CommandInput placeholder="Type a command or search…" aria-label="Search commands" />
        <CommandList>
          <CommandEmpty>No results found.</CommandEmpty>
          <CommandGroup heading="Suggestions">
            <CommandItem onSelect={() => setRan('Plan a route')}>
              <Footprints aria-hidden /> Plan a route
            </CommandItem>
            <CommandItem onSelect={() => setRan('Open the map editor')}>
              <Map aria-hidden /> Open the map editor
            </CommandItem>
            <CommandItem disabled>
              <Calculator aria-hidden /> Calculator (disabled)
            </CommandItem>
          </CommandGroup>
          <CommandSeparator />
          <CommandGroup heading="Settings">
            <CommandItem onSelect={() => setRan('Profile')}>
              <User aria-hidden /> Profile
              <CommandShortcut>⌘P</CommandShortcut>
            </CommandItem>
            <CommandItem onSelect={() => setRan('Settings')}>
              <Settings aria-hidden /> Settings
              <CommandShortcut>⌘S</CommandShortcut>
            </CommandItem>
          </CommandGroup>
        </CommandList>
      </Command>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="command-ran">
        Ran: {ran}
      </p>
    </div>
  );
}

function InDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Open command dialog
      </Button>
      <CommandDialog open={open} onOpenChange={setOpen}>
        <CommandInput placeholder="Search…" aria-label="Search" />
        <CommandList>
          <CommandEmpty>No results found.</CommandEmpty>
          <CommandGroup heading="Go to">
            <CommandItem onSelect={() => setOpen(false)}>
              <Calendar aria-hidden /> Tasks due this week
            </CommandItem>
            <CommandItem onSelect={() => setOpen(false)}>
              <Map aria-hidden /> Projects
            </CommandItem>
          </CommandGroup>
        </CommandList>
      </CommandDialog>
    </>
  );
}

function Empty() {
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <Command className="rounded-lg border" label="Empty result">
        <CommandInput value="xyzzy" aria-label="Search (no match)" readOnly />
        <CommandList>
          <CommandEmpty>No results found.</CommandEmpty>
          <CommandItem>Plan a route</CommandItem>
        </CommandList>
      </Command>
      <Command className="rounded-lg border" label="Loading">
        <CommandInput placeholder="Search places…" aria-label="Search places" />
        <CommandList aria-busy="true" />
        <div role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading places…
        </div>
      </Command>
    </div>
  );
}
