import { Search } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A native single-line <code>&lt;input&gt;</code> for text, email, numbers, passwords, files and search. Give it a visible{' '}
      <code>Label</code>; mark a failed validation with <code>aria-invalid</code> and point <code>aria-describedby</code> at the message.
    </p>
  ),
  builtOn: 'a native input',
  examples: [
    { id: 'Types', title: 'Types', render: Types },
    { id: 'States', title: 'States', render: States },
    { id: 'Controlled', title: 'Controlled vs uncontrolled', render: Controlled },
    { id: 'WithIcon', title: 'With an icon', render: WithIcon },
  ],
  keyboard: [{ keys: 'Tab', action: 'Moves focus into the field (focus ring shown).' }],
});

function Field({ label, ...props }: ComponentProps<typeof Input> & { label: string }) {
  const id = useId();
  return (
    <div className="grid w-full gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}

function Types() {
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <Field label="Email" type="email" placeholder="you@example.com" autoComplete="email" />
      <Field label="Password" type="password" autoComplete="new-password" />
      <Field label="Pace (min/km)" type="number" min={3} max={12} step={0.5} defaultValue={5.5} />
      <Field label="GPX file" type="file" accept=".gpx" />
    </div>
  );
}

function States() {
  const errorId = useId();
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <Field label="Default" placeholder="Placeholder" />
      <Field label="Hover" placeholder="Hovered" data-force-hover />
      <Field label="Focus visible" defaultValue="Focused" data-force-focus />
      <Field label="Disabled" disabled defaultValue="Not editable" />
      <Field label="Read-only" readOnly defaultValue="Read-only" />
      <div className="grid gap-2">
        <Field label="Invalid" defaultValue="ana@" aria-invalid aria-describedby={errorId} />
        <p id={errorId} className="text-sm text-destructive">
          Enter a complete email address.
        </p>
      </div>
      <Field label="Empty (required)" required placeholder="Required" />
    </div>
  );
}

function Controlled() {
  const [name, setName] = useState('Morning loop');
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Field label="Controlled" value={name} onChange={(e) => setName(e.target.value.slice(0, 20))} />
        <p className="text-sm text-muted-foreground">{20 - name.length} characters left (capped by state)</p>
      </div>
      <Field label="Uncontrolled" defaultValue="Evening loop" />
    </div>
  );
}

function WithIcon() {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        Search places
      </label>
      <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} type="search" placeholder="Search places…" className="ps-9" />
    </div>
  );
}
