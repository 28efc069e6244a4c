import { useId, useState, type ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      An on/off setting that takes effect at once (<code>role=&quot;switch&quot;</code> with <code>aria-checked</code>). Use a checkbox
      instead when the choice is applied later with a Save button. The thumb moves the other way in RTL.
    </p>
  ),
  builtOn: 'Radix Switch',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the switch.' },
    { keys: 'Space / Enter', action: 'Toggles it.' },
  ],
});

function Field({ label, ...props }: ComponentProps<typeof Switch> & { label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} {...props} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function Uncontrolled() {
  return (
    <div className="grid gap-3">
      <Field label="Show the relief" defaultChecked />
      <Field label="Snap to paths" />
    </div>
  );
}

function Controlled() {
  const [offline, setOffline] = useState(false);
  return (
    <div className="grid gap-2">
      <Field label="Keep an offline copy" checked={offline} onCheckedChange={setOffline} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {offline ? 'Andorra will be cached.' : 'Nothing cached.'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Off" />
      <Field label="On" defaultChecked />
      <Field label="Focus visible" data-force-focus />
      <Field label="Disabled" disabled />
      <Field label="Disabled, on" disabled defaultChecked />
      <Field label="Invalid" aria-invalid className="aria-invalid:ring-[3px] aria-invalid:ring-destructive/40" />
    </div>
  );
}
