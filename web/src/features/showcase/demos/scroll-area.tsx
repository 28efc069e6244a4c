import { ScrollArea, ScrollBar } from '@/components/ui/scroll-area';
import { Separator } from '@/components/ui/separator';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A scrolling region with thin scrollbars that match the theme, keeping native scrolling (wheel, touch, keyboard). The viewport is
      focusable so keyboard users can scroll it; give it a label.
    </p>
  ),
  builtOn: 'Radix ScrollArea',
  examples: [
    { id: 'Vertical', title: 'Vertical', render: Vertical },
    { id: 'Horizontal', title: 'Horizontal', render: Horizontal },
    { id: 'Empty', title: 'Empty', render: Empty },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Focuses the scrolling viewport.' },
    { keys: 'ArrowUp / ArrowDown / PageUp / PageDown', action: 'Scrolls the viewport.' },
    { keys: 'Home / End', action: 'Scrolls to the start / end.' },
  ],
});

const TAGS = Array.from({ length: 40 }, (_, i) => `Waypoint ${i + 1}`);

function Vertical() {
  return (
    <ScrollArea className="h-64 w-52 rounded-md border" aria-label="Waypoints">
      <div className="p-4" tabIndex={0} role="group" aria-label="Waypoint list">
        <h4 className="mb-4 text-sm leading-none font-medium">Waypoints</h4>
        {TAGS.map((t) => (
          <div key={t}>
            <div className="text-sm">{t}</div>
            <Separator className="my-2" />
          </div>
        ))}
      </div>
    </ScrollArea>
  );
}

function Horizontal() {
  return (
    <ScrollArea className="w-full max-w-md rounded-md border whitespace-nowrap" aria-label="Photos">
      <div className="flex w-max gap-4 p-4" tabIndex={0} role="group" aria-label="Photo strip">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="flex size-28 shrink-0 items-center justify-center rounded-md bg-muted text-sm">
            Photo {i + 1}
          </div>
        ))}
      </div>
      <ScrollBar orientation="horizontal" />
    </ScrollArea>
  );
}

function Empty() {
  return (
    <ScrollArea className="h-32 w-52 rounded-md border" aria-label="Empty list">
      <p className="p-4 text-sm text-muted-foreground">No waypoints yet.</p>
    </ScrollArea>
  );
}
