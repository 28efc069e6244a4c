import { useId, useState, type ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Exactly one choice among a few (<code>role=&quot;radiogroup&quot;</code>). The group is one tab stop; the arrow keys move and select
      at once. Label the group (<code>aria-labelledby</code>) and every option.
    </p>
  ),
  builtOn: 'Radix RadioGroup',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled, horizontal', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the checked option (or the first), then out of the group.' },
    { keys: 'ArrowDown / ArrowRight', action: 'Next option, selecting it (ArrowLeft in RTL).' },
    { keys: 'ArrowUp / ArrowLeft', action: 'Previous option, selecting it (ArrowRight in RTL).' },
    { keys: 'Space', action: 'Selects the focused option.' },
  ],
});

function Option({ value, label, ...props }: ComponentProps<typeof RadioGroupItem> & { label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} {...props} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function Uncontrolled() {
  const heading = useId();
  return (
    <div className="grid gap-3">
      <p id={heading} className="text-sm font-medium">
        Visibility
      </p>
      <RadioGroup defaultValue="unlisted" aria-labelledby={heading}>
        <Option value="private" label="Private" />
        <Option value="unlisted" label="Unlisted" />
        <Option value="public" label="Public" />
      </RadioGroup>
    </div>
  );
}

function Controlled() {
  const [units, setUnits] = useState('km');
  const heading = useId();
  return (
    <div className="grid gap-3">
      <p id={heading} className="text-sm font-medium">
        Units
      </p>
      <RadioGroup value={units} onValueChange={setUnits} aria-labelledby={heading} className="flex gap-6">
        <Option value="km" label="Kilometres" />
        <Option value="mi" label="Miles" />
      </RadioGroup>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="radio-group-value">
        Value: {units}
      </p>
    </div>
  );
}

function States() {
  const heading = useId();
  return (
    <div className="grid gap-3">
      <p id={heading} className="text-sm font-medium">
        Surface (states)
      </p>
      <RadioGroup aria-labelledby={heading} aria-invalid aria-required className="grid gap-3 sm:grid-cols-2">
        <Option value="a" label="Focus visible" data-force-focus />
        <Option value="b" label="Disabled" disabled />
        <Option value="c" label="Invalid (none chosen)" aria-invalid />
      </RadioGroup>
    </div>
  );
}
