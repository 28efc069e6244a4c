import { useState } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A text field with a list of suggestions filtered as you type (the ARIA combobox pattern: <code>role=&quot;combobox&quot;</code> with{' '}
      <code>aria-expanded</code> and <code>aria-activedescendant</code>, options in a <code>listbox</code>). Use it when the list is long
      enough to need searching; for a handful of values use a select.
    </p>
  ),
  builtOn: 'Ark UI Combobox',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'States', title: 'Disabled, invalid, disabled option, empty result', render: States },
  ],
  keyboard: [
    { keys: 'ArrowDown / ArrowUp', action: 'Opens the list; moves the highlight to the next / previous option.' },
    { keys: 'Home / End', action: 'In the open list: first / last option.' },
    { keys: 'Enter', action: 'Picks the highlighted option and closes the list.' },
    { keys: 'Escape', action: 'Closes the list.' },
    { keys: 'Typing', action: 'Filters the options (case- and accent-insensitive).' },
  ],
});

const PEAKS: ComboboxOption[] = [
  { label: 'Coma Pedrosa', value: 'coma-pedrosa' },
  { label: 'Pic de Casamanya', value: 'casamanya' },
  { label: 'Pic de l’Estanyó', value: 'estanyo' },
  { label: 'Pic Alt del Cubil', value: 'cubil' },
  { label: 'Pic de Médécourbe', value: 'medecourbe' },
  { label: 'Tossa Plana de Lles', value: 'tossa-plana', disabled: true },
  { label: 'Pic Negre', value: 'negre' },
];

function Uncontrolled() {
  return <Combobox label="Peak" options={PEAKS} placeholder="Search a peak…" />;
}

function Controlled() {
  const [value, setValue] = useState<string[]>(['casamanya']);
  return (
    <div className="grid w-full max-w-72 gap-2">
      <Combobox label="Start at" options={PEAKS} value={value} onValueChange={(e) => setValue(e.value)} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Value: {value.join(', ') || 'none'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="grid w-full max-w-2xl gap-6 sm:grid-cols-2">
      <Combobox label="Disabled" options={PEAKS} disabled />
      <Combobox label="Invalid" options={PEAKS} invalid placeholder="Pick a peak" />
      <Combobox label="No results for “zz”" options={PEAKS} defaultInputValue="zz" emptyText="No peak matches." />
    </div>
  );
}
