import { AlignCenter, AlignLeft, AlignRight, Bold, Italic, Underline } from 'lucide-react';
import { useState } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A set of toggles: <code>type=&quot;single&quot;</code> behaves like radio buttons, <code>type=&quot;multiple&quot;</code> like
      independent toggles. The group is one tab stop with roving focus; label it.
    </p>
  ),
  builtOn: 'Radix ToggleGroup',
  examples: [
    { id: 'Single', title: 'Single (controlled)', render: Single },
    { id: 'Multiple', title: 'Multiple (uncontrolled), sizes', render: Multiple },
    { id: 'States', title: 'Disabled item, disabled group', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus into the group (one stop) and out.' },
    { keys: 'ArrowRight / ArrowLeft', action: 'Next / previous item (mirrored in RTL; wraps).' },
    { keys: 'Home / End', action: 'First / last item.' },
    { keys: 'Enter / Space', action: 'Presses the focused item.' },
  ],
});

function Single() {
  const [units, setUnits] = useState('km');
  return (
    <div className="grid justify-items-center gap-2">
      <ToggleGroup type="single" variant="outline" value={units} onValueChange={(v) => v && setUnits(v)} aria-label="Units">
        <ToggleGroupItem value="km">km</ToggleGroupItem>
        <ToggleGroupItem value="mi">mi</ToggleGroupItem>
        <ToggleGroupItem value="m">metres</ToggleGroupItem>
      </ToggleGroup>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="toggle-group-value">
        Units: {units}
      </p>
    </div>
  );
}

function Multiple() {
  return (
    <div className="grid justify-items-center gap-3">
      <ToggleGroup type="multiple" defaultValue={['bold']} aria-label="Text style" size="sm">
        <ToggleGroupItem value="bold" aria-label="Bold">
          <Bold />
        </ToggleGroupItem>
        <ToggleGroupItem value="italic" aria-label="Italic">
          <Italic />
        </ToggleGroupItem>
        <ToggleGroupItem value="underline" aria-label="Underline">
          <Underline />
        </ToggleGroupItem>
      </ToggleGroup>
      <ToggleGroup type="single" variant="outline" size="lg" defaultValue="start" aria-label="Alignment">
        <ToggleGroupItem value="start" aria-label="Align to the start">
          <AlignLeft className="rtl:-scale-x-100" />
        </ToggleGroupItem>
        <ToggleGroupItem value="center" aria-label="Centre">
          <AlignCenter />
        </ToggleGroupItem>
        <ToggleGroupItem value="end" aria-label="Align to the end">
          <AlignRight className="rtl:-scale-x-100" />
        </ToggleGroupItem>
      </ToggleGroup>
    </div>
  );
}

function States() {
  return (
    <div className="grid justify-items-center gap-3">
      <ToggleGroup type="single" variant="outline" aria-label="Basemap">
        <ToggleGroupItem value="topo">Topo</ToggleGroupItem>
        <ToggleGroupItem value="satellite" disabled>
          Satellite
        </ToggleGroupItem>
        <ToggleGroupItem value="dark">Dark</ToggleGroupItem>
      </ToggleGroup>
      <ToggleGroup type="single" variant="outline" disabled defaultValue="a" aria-label="Disabled group">
        <ToggleGroupItem value="a">A</ToggleGroupItem>
        <ToggleGroupItem value="b">B</ToggleGroupItem>
      </ToggleGroup>
    </div>
  );
}
