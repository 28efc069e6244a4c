import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A modal that asks for a decision before something consequential happens. Unlike a dialog it does not close on an outside click; focus
      starts on <em>Cancel</em>, the safe choice.
    </p>
  ),
  builtOn: 'Radix AlertDialog',
  examples: [
    { id: 'Destructive', title: 'Confirm a destructive action', render: Destructive },
    { id: 'Controlled', title: 'Controlled, with an async action', render: Controlled },
    { id: 'TriggerStates', title: 'Trigger states', render: TriggerStates },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'On the trigger: opens the dialog; focus moves to Cancel.' },
    { keys: 'Tab / Shift+Tab', action: 'Cycles through the dialog’s buttons (focus is trapped).' },
    { keys: 'Escape', action: 'Closes the dialog (same as Cancel); focus returns to the trigger.' },
  ],
});

function Destructive() {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete route</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “Morning loop”?</AlertDialogTitle>
          <AlertDialogDescription>The route and its share link are removed for everyone. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive">Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('nothing yet');
  return (
    <div className="grid justify-items-center gap-2">
      <AlertDialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <AlertDialogTrigger asChild>
          <Button variant="outline">Archive project</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Archive “Trail crew 2026”?</AlertDialogTitle>
            <AlertDialogDescription>Members keep read access; nobody can edit the map until it is restored.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy} onClick={() => setResult('cancelled')}>
              Cancel
            </AlertDialogCancel>
            <AlertDialogAction
              disabled={busy}
              aria-busy={busy}
              onClick={(e) => {
                e.preventDefault();
                setBusy(true);
                setTimeout(() => {
                  setBusy(false);
                  setOpen(false);
                  setResult('archived');
                }, 800);
              }}
            >
              {busy ? 'Archiving…' : 'Archive'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Open: {String(open)} · result: {result}
      </p>
    </div>
  );
}

function TriggerStates() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="destructive" data-force-hover>
        Hover
      </Button>
      <Button variant="destructive" data-force-focus>
        Focus visible
      </Button>
      <Button variant="destructive" disabled>
        Disabled
      </Button>
    </div>
  );
}
