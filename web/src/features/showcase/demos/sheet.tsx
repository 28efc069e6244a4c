import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A dialog that slides in from a side of the screen, for secondary tasks next to the page: filters, settings, details. It is modal
      (focus trap, Escape, title). The Template Customizer is a sheet from 768 px up, on the left in RTL.
    </p>
  ),
  builtOn: 'Radix Dialog',
  examples: [
    { id: 'Edit', title: 'Edit profile (right)', render: Edit },
    { id: 'Sides', title: 'Sides', render: Sides },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'On the trigger: opens the sheet.' },
    { keys: 'Tab / Shift+Tab', action: 'Cycles through the sheet (focus is trapped).' },
    { keys: 'Escape', action: 'Closes it; focus returns to the trigger.' },
  ],
});

function Edit() {
  const id = useId();
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">Edit profile</Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Edit profile</SheetTitle>
          <SheetDescription>Changes are saved when you press Save.</SheetDescription>
        </SheetHeader>
        <div className="grid gap-2 px-4">
          <Label htmlFor={id}>Name</Label>
          <Input id={id} defaultValue="Ana Puig" />
        </div>
        <SheetFooter>
          <SheetClose asChild>
            <Button>Save</Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

function Sides() {
  return (
    <div className="flex flex-wrap gap-2">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
        <Sheet key={side}>
          <SheetTrigger asChild>
            <Button variant="secondary">{side}</Button>
          </SheetTrigger>
          <SheetContent side={side}>
            <SheetHeader>
              <SheetTitle>From the {side}</SheetTitle>
              <SheetDescription>Press Escape to close.</SheetDescription>
            </SheetHeader>
          </SheetContent>
        </Sheet>
      ))}
    </div>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <Button onClick={() => setOpen(true)}>Show layer details</Button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>Layer “Trails”</SheetTitle>
            <SheetDescription>128 features · visible · #16a34a</SheetDescription>
          </SheetHeader>
          <SheetFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
          </SheetFooter>
        </SheetContent>
      </Sheet>
      <p className="text-sm text-muted-foreground">Open: {String(open)}</p>
    </div>
  );
}
