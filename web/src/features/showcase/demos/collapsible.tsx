import { ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      One button that shows or hides one panel (<code>aria-expanded</code>, <code>aria-controls</code>). Use it for optional details; for
      several sections use an accordion.
    </p>
  ),
  builtOn: 'Radix Collapsible',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'Disabled', title: 'Disabled', render: Disabled },
  ],
  keyboard: [{ keys: 'Enter / Space', action: 'On the trigger: shows or hides the panel.' }],
});

function Uncontrolled() {
  return (
    <Collapsible className="w-full max-w-sm space-y-2">
      <div className="flex items-center justify-between gap-4">
        <h3 className="text-sm font-semibold">Surface breakdown</h3>
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Show surface breakdown">
            <ChevronsUpDown />
          </Button>
        </CollapsibleTrigger>
      </div>
      <div className="rounded-md border px-4 py-2 text-sm">Paths 62 %</div>
      <CollapsibleContent className="space-y-2">
        <div className="rounded-md border px-4 py-2 text-sm">Tracks 25 %</div>
        <div className="rounded-md border px-4 py-2 text-sm">Streets 13 %</div>
      </CollapsibleContent>
    </Collapsible>
  );
}

function Controlled() {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="w-full max-w-sm space-y-2">
      <CollapsibleTrigger asChild>
        <Button variant="outline">{open ? 'Hide' : 'Show'} advanced options</Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="rounded-md border p-4 text-sm">Heading, avoid busy roads, prefer green.</CollapsibleContent>
      <p className="text-sm text-muted-foreground">Open: {String(open)}</p>
    </Collapsible>
  );
}

function Disabled() {
  return (
    <Collapsible disabled className="w-full max-w-sm space-y-2">
      <CollapsibleTrigger asChild>
        <Button variant="outline">Locked details</Button>
      </CollapsibleTrigger>
      <CollapsibleContent>Never shown.</CollapsibleContent>
    </Collapsible>
  );
}
