import { BadgeCheck, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: <p>A short status or count next to other content: a project’s status, a route’s visibility, an unread count.</p>,
  builtOn: 'a span (Radix Slot for asChild)',
  examples: [
    { id: 'Variants', title: 'Variants', render: Variants },
    { id: 'WithIcon', title: 'With an icon, as a link', render: WithIcon },
    { id: 'States', title: 'States (as a link)', render: States },
  ],
  keyboard: [{ keys: 'Tab', action: 'Only a badge rendered as a link or button is focusable.' }],
});

function Variants() {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge>Active</Badge>
      <Badge variant="secondary">Draft</Badge>
      <Badge variant="outline">On hold</Badge>
      <Badge variant="destructive">Archived</Badge>
      <Badge variant="secondary" className="rounded-full tabular-nums">
        12
      </Badge>
    </div>
  );
}

function WithIcon() {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge variant="secondary">
        <BadgeCheck aria-hidden /> Verified
      </Badge>
      <Badge asChild variant="outline">
        <a href="/help">Help</a>
      </Badge>
      <Badge variant="outline">
        Monaco
        <X aria-hidden />
      </Badge>
    </div>
  );
}

function States() {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge asChild>
        <a href="/help">Default</a>
      </Badge>
      <Badge asChild data-force-hover>
        <a href="/help">Hover</a>
      </Badge>
      <Badge asChild variant="outline" data-force-focus>
        <a href="/help">Focus visible</a>
      </Badge>
    </div>
  );
}
