import { useState } from 'react';
import { NumberField } from '@/components/ui/number-field';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A numeric text field (<code>role=&quot;spinbutton&quot;</code> with <code>aria-valuenow</code>/<code>min</code>/<code>max</code>) with
      − and + buttons. Values are parsed and formatted for the locale (units, percent, decimals), clamped to the bounds on blur, and can be
      scrubbed with the keyboard or the mouse wheel.
    </p>
  ),
  builtOn: 'Ark UI NumberInput',
  examples: [
    { id: 'Basic', title: 'Bounds and step (uncontrolled)', render: Basic },
    { id: 'Formats', title: 'Formats', render: Formats },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'ArrowUp / ArrowDown', action: 'Increase / decrease by one step.' },
    { keys: 'Shift+ArrowUp / Shift+ArrowDown', action: 'By ten steps.' },
    { keys: 'Home / End', action: 'Set the minimum / maximum.' },
    { keys: 'Enter', action: 'Commits (formats and clamps) the typed value.' },
  ],
});

function Basic() {
  return <NumberField label="Target distance (km)" defaultValue="10" min={1} max={100} step={1} />;
}

function Formats() {
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-3">
      <NumberField label="Pace (min/km)" defaultValue="5.5" min={3} max={12} step={0.25} formatOptions={{ minimumFractionDigits: 2 }} />
      <NumberField label="Green share" defaultValue="0.4" min={0} max={1} step={0.05} formatOptions={{ style: 'percent' }} />
      <NumberField
        label="Climb"
        defaultValue="640"
        min={0}
        step={10}
        formatOptions={{ style: 'unit', unit: 'meter', unitDisplay: 'short' }}
      />
    </div>
  );
}

function Controlled() {
  const [value, setValue] = useState('21.1');
  return (
    <div className="grid gap-2">
      <NumberField label="Loop length (km)" value={value} onValueChange={(e) => setValue(e.value)} min={1} max={50} step={0.1} />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="number-field-value">
        Value: {value || 'empty'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-3">
      <NumberField label="Disabled" defaultValue="5" disabled />
      <NumberField label="Invalid" defaultValue="150" max={100} invalid />
      <NumberField label="Empty" placeholder="—" />
    </div>
  );
}
