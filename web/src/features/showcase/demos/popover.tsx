import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A non-modal floating panel anchored to its trigger (<code>aria-expanded</code>, <code>aria-controls</code>), for rich content and
      small forms. It closes on an outside click or Escape and flips to stay on screen.
    </p>
  ),
  builtOn: 'Radix Popover',
  examples: [
    { id: 'Settings', title: 'A small form', render: Settings },
    { id: 'Sides', title: 'Sides', render: Sides },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'On the trigger: opens the popover; focus moves inside.' },
    { keys: 'Tab', action: 'Moves through its content.' },
    { keys: 'Escape', action: 'Closes it; focus returns to the trigger.' },
  ],
});

function Settings() {
  const w = useId();
  const h = useId();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">Map size</Button>
      </PopoverTrigger>
      <PopoverContent className="w-72">
        <div className="grid gap-4">
          <div className="space-y-1">
            <h4 className="leading-none font-medium">Dimensions</h4>
            <p className="text-sm text-muted-foreground">For the exported image.</p>
          </div>
          <div className="grid grid-cols-3 items-center gap-3">
            <Label htmlFor={w}>Width</Label>
            <Input id={w} defaultValue="1200" className="col-span-2 h-8" />
            <Label htmlFor={h}>Height</Label>
            <Input id={h} defaultValue="800" className="col-span-2 h-8" />
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function Sides() {
  return (
    <div className="flex flex-wrap gap-2">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
        <Popover key={side}>
          <PopoverTrigger asChild>
            <Button variant="secondary">{side}</Button>
          </PopoverTrigger>
          <PopoverContent side={side} className="w-auto text-sm">
            Opens on the {side}.
          </PopoverContent>
        </Popover>
      ))}
    </div>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button>Filters</Button>
        </PopoverTrigger>
        <PopoverContent className="text-sm">
          <p>Filters panel.</p>
          <Button size="sm" className="mt-3" onClick={() => setOpen(false)}>
            Apply
          </Button>
        </PopoverContent>
      </Popover>
      <p className="text-sm text-muted-foreground">Open: {String(open)}</p>
    </div>
  );
}
