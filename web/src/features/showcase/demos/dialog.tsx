import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A modal window over the page: the rest is inert, focus is trapped inside and returns to the trigger on close. It always has a title
      (and usually a description) that names it for assistive technology.
    </p>
  ),
  builtOn: 'Radix Dialog',
  examples: [
    { id: 'Form', title: 'With a form', render: Form },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'NoClose', title: 'Without the close button, scrolling content', render: NoClose },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'On the trigger: opens the dialog; focus moves to the first field.' },
    { keys: 'Tab / Shift+Tab', action: 'Cycles through the dialog (focus is trapped).' },
    { keys: 'Escape', action: 'Closes it; focus returns to the trigger.' },
  ],
});

function Form() {
  const id = useId();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">Rename route</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename route</DialogTitle>
          <DialogDescription>The name shows in your library and on shared links.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={id}>Name</Label>
          <Input id={id} defaultValue="Morning loop" />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Save</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <Button onClick={() => setOpen(true)}>Open from outside</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share this route</DialogTitle>
            <DialogDescription>Anyone with the link can view it, read-only.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <p className="text-sm text-muted-foreground">Open: {String(open)}</p>
    </div>
  );
}

function NoClose() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">Read the terms</Button>
      </DialogTrigger>
      <DialogContent showCloseButton={false} className="max-h-[80vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Data attribution</DialogTitle>
          <DialogDescription>Map data © OpenStreetMap contributors (ODbL 1.0).</DialogDescription>
        </DialogHeader>
        {Array.from({ length: 12 }, (_, i) => (
          <p key={i} className="text-sm">
            Elevation: SRTM 3-arc-second tiles (NASA/USGS, public domain). Paragraph {i + 1}.
          </p>
        ))}
        <DialogFooter>
          <DialogClose asChild>
            <Button>I understand</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
