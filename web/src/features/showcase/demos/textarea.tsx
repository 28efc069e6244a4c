import { useId, useState, type ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A native multi-line text field that grows with its content (<code>field-sizing: content</code>). Pair it with a label; tie a character
      count or an error to it with <code>aria-describedby</code>.
    </p>
  ),
  builtOn: 'a native textarea',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled, with a counter', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus into the field.' },
    { keys: 'Enter', action: 'Inserts a new line (it does not submit).' },
  ],
});

function Field({ label, ...props }: ComponentProps<typeof Textarea> & { label: string }) {
  const id = useId();
  return (
    <div className="grid w-full gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} {...props} />
    </div>
  );
}

function Uncontrolled() {
  return (
    <div className="w-full max-w-md">
      <Field label="Route description" placeholder="Water at the refuge, exposed ridge after km 8…" />
    </div>
  );
}

function Controlled() {
  const [text, setText] = useState('Steep start.');
  const countId = useId();
  return (
    <div className="grid w-full max-w-md gap-1">
      <Field label="Notes" value={text} onChange={(e) => setText(e.target.value.slice(0, 140))} aria-describedby={countId} />
      <p id={countId} className="text-end text-xs text-muted-foreground">
        {text.length} / 140
      </p>
    </div>
  );
}

function States() {
  const errId = useId();
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <Field label="Focus visible" data-force-focus defaultValue="Focused" />
      <Field label="Disabled" disabled defaultValue="Not editable" />
      <div className="grid gap-2">
        <Field label="Invalid" aria-invalid aria-describedby={errId} defaultValue="x" />
        <p id={errId} className="text-sm text-destructive">
          Write at least 10 characters.
        </p>
      </div>
      <Field label="Empty (required)" required />
    </div>
  );
}
