import { useId, useState, type ComponentProps } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A box that is checked, unchecked or mixed (<code>indeterminate</code>, e.g. “select all” when some are selected). Always pair it with
      a <code>Label</code>; mark errors with <code>aria-invalid</code>.
    </p>
  ),
  builtOn: 'Radix Checkbox',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'States', title: 'States', render: States },
    { id: 'SelectAll', title: 'Controlled, with a mixed state', render: SelectAll },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the checkbox.' },
    { keys: 'Space', action: 'Toggles it (mixed → checked).' },
  ],
});

function Field({ label, ...props }: ComponentProps<typeof Checkbox> & { label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} {...props} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function Uncontrolled() {
  return (
    <div className="grid gap-3">
      <Field label="Prefer paths and green areas" defaultChecked />
      <Field label="Avoid busy roads" />
    </div>
  );
}

function States() {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Unchecked" />
      <Field label="Checked" defaultChecked />
      <Field label="Mixed" checked="indeterminate" />
      <Field label="Hover" data-force-hover />
      <Field label="Focus visible" data-force-focus />
      <Field label="Disabled" disabled />
      <Field label="Disabled, checked" disabled defaultChecked />
      <Field label="Invalid (required)" aria-invalid required />
    </div>
  );
}

const LAYERS = ['Contours', 'Hillshade', 'Paths'];

function SelectAll() {
  const [on, setOn] = useState<string[]>(['Paths']);
  const all = on.length === LAYERS.length ? true : on.length === 0 ? false : 'indeterminate';
  return (
    <div className="grid gap-3">
      <Field label="All layers" checked={all} onCheckedChange={(c) => setOn(c === true ? LAYERS : [])} />
      <div className="grid gap-2 ps-6">
        {LAYERS.map((l) => (
          <Field
            key={l}
            label={l}
            checked={on.includes(l)}
            onCheckedChange={(c) => setOn((cur) => (c === true ? [...cur, l] : cur.filter((x) => x !== l)))}
          />
        ))}
      </div>
    </div>
  );
}
