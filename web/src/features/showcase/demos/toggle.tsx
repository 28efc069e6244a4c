import { Bold, Italic, Mountain } from 'lucide-react';
import { useState } from 'react';
import { Toggle } from '@/components/ui/toggle';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A button that stays on or off (<code>aria-pressed</code>), for a view setting such as showing the relief. Icon-only toggles need an{' '}
      <code>aria-label</code>.
    </p>
  ),
  builtOn: 'Radix Toggle',
  examples: [
    { id: 'Variants', title: 'Variants and sizes', render: Variants },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the toggle.' },
    { keys: 'Enter / Space', action: 'Switches it on or off.' },
  ],
});

function Variants() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Toggle aria-label="Bold">
        <Bold />
      </Toggle>
      <Toggle variant="outline" aria-label="Italic">
        <Italic />
      </Toggle>
      <Toggle size="sm" variant="outline" defaultPressed>
        Small
      </Toggle>
      <Toggle size="lg" variant="outline">
        <Mountain aria-hidden /> Large
      </Toggle>
    </div>
  );
}

function Controlled() {
  const [relief, setRelief] = useState(true);
  return (
    <div className="grid justify-items-center gap-2">
      <Toggle variant="outline" pressed={relief} onPressedChange={setRelief}>
        <Mountain aria-hidden /> Relief
      </Toggle>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Relief {relief ? 'shown' : 'hidden'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Toggle variant="outline">Off</Toggle>
      <Toggle variant="outline" defaultPressed>
        On
      </Toggle>
      <Toggle variant="outline" data-force-hover>
        Hover
      </Toggle>
      <Toggle variant="outline" data-force-focus>
        Focus visible
      </Toggle>
      <Toggle variant="outline" disabled>
        Disabled
      </Toggle>
      <Toggle variant="outline" aria-invalid>
        Invalid
      </Toggle>
    </div>
  );
}
