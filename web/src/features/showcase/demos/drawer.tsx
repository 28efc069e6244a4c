import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from '@/components/ui/drawer';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A panel that slides in from an edge (bottom by default) and follows the finger: dragging it down past a quarter of its height, or
      flicking it fast enough, closes it. It is a modal dialog underneath (title, focus trap, Escape). The app uses it for the Template
      Customizer on phones.
    </p>
  ),
  builtOn: 'vaul',
  examples: [
    { id: 'Bottom', title: 'Bottom drawer', render: Bottom },
    { id: 'Directions', title: 'From each side', render: Directions },
    { id: 'Controlled', title: 'Controlled, not dismissible', render: Controlled },
  ],
  constants: [
    { name: 'Close threshold', value: '0.25 of the height', where: 'vaul default (closeThreshold)' },
    { name: 'Velocity threshold', value: '0.4', where: 'vaul default' },
    { name: 'Animation', value: '0.5 s', where: 'vaul default' },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'On the trigger: opens the drawer.' },
    { keys: 'Tab / Shift+Tab', action: 'Cycles through the drawer (focus is trapped).' },
    { keys: 'Escape', action: 'Closes it (unless not dismissible).' },
  ],
});

function Bottom() {
  const [goal, setGoal] = useState(10);
  return (
    <Drawer>
      <DrawerTrigger asChild>
        <Button variant="outline">Set a weekly goal</Button>
      </DrawerTrigger>
      <DrawerContent>
        <div className="mx-auto w-full max-w-sm">
          <DrawerHeader>
            <DrawerTitle>Weekly goal</DrawerTitle>
            <DrawerDescription>Drag down (25 % of the height) or press Escape to close.</DrawerDescription>
          </DrawerHeader>
          <div className="flex items-center justify-center gap-4 p-4">
            <Button variant="outline" size="icon" aria-label="Less" onClick={() => setGoal((g) => Math.max(1, g - 1))}>
              −
            </Button>
            <p className="text-5xl font-bold tabular-nums" aria-live="polite">
              {goal} <span className="text-base font-normal text-muted-foreground">km</span>
            </p>
            <Button variant="outline" size="icon" aria-label="More" onClick={() => setGoal((g) => g + 1)}>
              +
            </Button>
          </div>
          <DrawerFooter>
            <DrawerClose asChild>
              <Button>Save</Button>
            </DrawerClose>
            <DrawerClose asChild>
              <Button variant="outline">Cancel</Button>
            </DrawerClose>
          </DrawerFooter>
        </div>
      </DrawerContent>
    </Drawer>
  );
}

function Directions() {
  return (
    <div className="flex flex-wrap gap-2">
      {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
        <Drawer key={side} direction={side}>
          <DrawerTrigger asChild>
            <Button variant="secondary">{side}</Button>
          </DrawerTrigger>
          <DrawerContent>
            <DrawerHeader>
              <DrawerTitle>From the {side}</DrawerTitle>
              <DrawerDescription>Swipe towards the {side} edge to close.</DrawerDescription>
            </DrawerHeader>
            <DrawerFooter>
              <DrawerClose asChild>
                <Button variant="outline">Close</Button>
              </DrawerClose>
            </DrawerFooter>
          </DrawerContent>
        </Drawer>
      ))}
    </div>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <Button onClick={() => setOpen(true)}>Start upload</Button>
      <Drawer open={open} onOpenChange={setOpen} dismissible={false}>
        <DrawerContent>
          <DrawerHeader>
            <DrawerTitle>Uploading documents…</DrawerTitle>
            <DrawerDescription>This drawer only closes with the button.</DrawerDescription>
          </DrawerHeader>
          <DrawerFooter>
            <Button onClick={() => setOpen(false)}>Finish</Button>
          </DrawerFooter>
        </DrawerContent>
      </Drawer>
      <p className="text-sm text-muted-foreground">Open: {String(open)}</p>
    </div>
  );
}
