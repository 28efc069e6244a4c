import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Pick a value or a range by dragging a thumb along a track. Each thumb is a <code>role=&quot;slider&quot;</code> with its own label and{' '}
      <code>aria-valuenow</code>; a range has two thumbs. Horizontal sliders run right to left in RTL.
    </p>
  ),
  builtOn: 'Radix Slider',
  examples: [
    { id: 'Single', title: 'Single value (uncontrolled)', render: Single },
    { id: 'Range', title: 'Range (controlled)', render: Range },
    { id: 'States', title: 'Step, disabled, vertical', render: States },
  ],
  keyboard: [
    { keys: 'ArrowRight / ArrowUp', action: 'Increases by one step (ArrowLeft increases in RTL).' },
    { keys: 'ArrowLeft / ArrowDown', action: 'Decreases by one step.' },
    { keys: 'PageUp / PageDown', action: 'By ten steps.' },
    { keys: 'Shift+Arrow', action: 'By ten steps.' },
    { keys: 'Home / End', action: 'Minimum / maximum.' },
  ],
});

function Single() {
  const id = useId();
  return (
    <div className="grid w-full max-w-sm gap-3">
      <Label id={id}>Green preference</Label>
      <Slider defaultValue={[60]} max={100} step={1} thumbLabels={['Green preference']} aria-labelledby={id} />
    </div>
  );
}

function Range() {
  const [range, setRange] = useState([8, 15]);
  return (
    <div className="grid w-full max-w-sm gap-3">
      <p className="text-sm font-medium">Loop length</p>
      <Slider
        value={range}
        onValueChange={setRange}
        min={1}
        max={42}
        step={1}
        minStepsBetweenThumbs={1}
        thumbLabels={['Shortest', 'Longest']}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="slider-value">
        {range[0]}–{range[1]} km
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="flex w-full max-w-lg items-center gap-10">
      <div className="grid flex-1 gap-6">
        <div className="grid gap-2">
          <p className="text-sm font-medium">Step 5</p>
          <Slider defaultValue={[25]} step={5} thumbLabels={['Step of five']} />
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">Disabled</p>
          <Slider defaultValue={[40]} disabled thumbLabels={['Disabled slider']} />
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">Focus visible</p>
          <Slider defaultValue={[70]} thumbLabels={['Focus example']} className="[&_[role=slider]]:ring-4" />
        </div>
      </div>
      <Slider defaultValue={[30]} orientation="vertical" thumbLabels={['Vertical slider']} />
    </div>
  );
}
