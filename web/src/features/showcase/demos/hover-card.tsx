import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A preview card for sighted pointer and keyboard users that opens when a link is hovered or focused (700 ms open delay, 300 ms close
      delay). Its content is supplementary: screen readers follow the link instead, so never put the only copy of information in it.
    </p>
  ),
  builtOn: 'Radix HoverCard',
  examples: [
    { id: 'Profile', title: 'Profile preview', render: Profile },
    { id: 'Controlled', title: 'Controlled, custom delays', render: Controlled },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Focusing the trigger link opens the card.' },
    { keys: 'Escape', action: 'Closes the card.' },
  ],
});

function Profile() {
  return (
    <HoverCard>
      <HoverCardTrigger asChild>
        <a href="/settings/profile" className="font-medium underline underline-offset-4">
          @ana.puig
        </a>
      </HoverCardTrigger>
      <HoverCardContent className="w-80">
        <div className="flex gap-4">
          <Avatar>
            <AvatarFallback>AP</AvatarFallback>
          </Avatar>
          <div className="space-y-1">
            <h4 className="text-sm font-semibold">Ana Puig</h4>
            <p className="text-sm">Trail crew lead, Vall d’Incles. 38 routes, 4 projects.</p>
            <p className="flex items-center gap-1 pt-1 text-xs text-muted-foreground">
              <CalendarDays aria-hidden className="size-3.5" /> Joined March 2026
            </p>
          </div>
        </div>
      </HoverCardContent>
    </HoverCard>
  );
}

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid justify-items-center gap-2">
      <HoverCard open={open} onOpenChange={setOpen} openDelay={200} closeDelay={100}>
        <HoverCardTrigger asChild>
          <a href="/help" className="font-medium underline underline-offset-4">
            Quick preview (200 ms)
          </a>
        </HoverCardTrigger>
        <HoverCardContent>The card opens faster here: openDelay 200, closeDelay 100.</HoverCardContent>
      </HoverCard>
      <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)}>
        {open ? 'Close' : 'Open'} programmatically
      </Button>
    </div>
  );
}
