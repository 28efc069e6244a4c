import { Separator } from '@/components/ui/separator';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A thin rule between groups of content, horizontal or vertical. Decorative by default (hidden from assistive technology); pass{' '}
      <code>decorative=&#123;false&#125;</code> when it separates meaningful sections (<code>role=&quot;separator&quot;</code>).
    </p>
  ),
  builtOn: 'Radix Separator',
  examples: [
    { id: 'Both', title: 'Horizontal and vertical', render: Both },
    { id: 'Semantic', title: 'Semantic separator', render: Semantic },
  ],
});

function Both() {
  return (
    <div className="w-full max-w-sm">
      <div className="space-y-1">
        <h4 className="text-sm leading-none font-medium">Waymark</h4>
        <p className="text-sm text-muted-foreground">Maps, routes and projects.</p>
      </div>
      <Separator className="my-4" />
      <div className="flex h-5 items-center gap-4 text-sm">
        <span>Planner</span>
        <Separator orientation="vertical" />
        <span>Editor</span>
        <Separator orientation="vertical" />
        <span>Help</span>
      </div>
    </div>
  );
}

function Semantic() {
  return (
    <div className="w-full max-w-sm text-sm">
      <p>Route settings</p>
      <Separator decorative={false} className="my-3" />
      <p>Danger zone</p>
    </div>
  );
}
