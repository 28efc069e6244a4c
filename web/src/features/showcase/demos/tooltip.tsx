import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A short label shown on hover (after 700 ms) or keyboard focus (at once), linked to its trigger with <code>aria-describedby</code>.
      Moving to the next tooltip within 300 ms skips the delay. Never put interactive content or the only copy of information in a tooltip.
    </p>
  ),
  builtOn: 'Radix Tooltip',
  examples: [
    { id: 'Toolbar', title: 'Icon buttons', render: Toolbar },
    { id: 'Sides', title: 'Sides', render: Sides },
    { id: 'Controlled', title: 'Controlled, on a disabled button', render: Controlled },
  ],
  constants: [
    { name: 'Open delay', value: `${TOOLTIP_DELAY_MS} ms`, where: 'components/ui/tooltip.tsx' },
    { name: 'Skip delay', value: `${TOOLTIP_SKIP_DELAY_MS} ms`, where: 'components/ui/tooltip.tsx' },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Focusing the trigger shows the tooltip.' },
    { keys: 'Escape', action: 'Hides it.' },
  ],
});

function Toolbar() {
  return (
    <TooltipProvider>
      <div className="flex gap-2">
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="outline" size="icon" aria-label="Add waypoint">
              <Plus />
            </Button>
          </TooltipTrigger>
          <TooltipContent>
            Add waypoint <Kbd className="ms-1">A</Kbd>
          </TooltipContent>
        </Tooltip>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="outline" size="icon" aria-label="Delete waypoint">
              <Trash2 />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Delete waypoint</TooltipContent>
        </Tooltip>
      </div>
    </TooltipProvider>
  );
}

function Sides() {
  return (
    <div className="flex flex-wrap gap-2">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
        <Tooltip key={side}>
          <TooltipTrigger asChild>
            <Button variant="secondary">{side}</Button>
          </TooltipTrigger>
          <TooltipContent side={side}>On the {side}</TooltipContent>
        </Tooltip>
      ))}
    </div>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>
          <span tabIndex={0} className="rounded-md">
            <Button disabled className="pointer-events-none">
              Publish
            </Button>
          </span>
        </TooltipTrigger>
        <TooltipContent>Add a name before publishing</TooltipContent>
      </Tooltip>
      <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide' : 'Show'} tooltip
      </Button>
    </div>
  );
}
