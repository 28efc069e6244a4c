import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      The accessible name of a form control: pair it with <code>htmlFor</code> = the control’s <code>id</code> (from <code>useId</code>), so
      clicking the label focuses or toggles the control. It dims next to a disabled control.
    </p>
  ),
  builtOn: 'Radix Label',
  examples: [
    { id: 'Pairs', title: 'With different controls', render: Pairs },
    { id: 'States', title: 'Required, disabled, invalid', render: States },
  ],
  keyboard: [{ keys: '—', action: 'Not focusable; clicking it focuses or toggles its control.' }],
});

function Pairs() {
  const a = useId();
  const b = useId();
  const c = useId();
  return (
    <div className="grid w-full max-w-sm gap-4">
      <div className="grid gap-2">
        <Label htmlFor={a}>Display name</Label>
        <Input id={a} defaultValue="Ana" />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={b} />
        <Label htmlFor={b}>Email me a weekly summary</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={c} defaultChecked />
        <Label htmlFor={c}>Show the relief</Label>
      </div>
    </div>
  );
}

function States() {
  const a = useId();
  const b = useId();
  const c = useId();
  return (
    <div className="grid w-full max-w-sm gap-4">
      <div className="grid gap-2">
        <Label htmlFor={a}>
          Project name{' '}
          <span aria-hidden className="text-destructive">
            *
          </span>
        </Label>
        <Input id={a} required />
      </div>
      <div className="grid gap-2">
        <Input id={b} disabled defaultValue="Locked" className="peer order-2" />
        <Label htmlFor={b} className="order-1">
          Disabled field
        </Label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={c} className="text-destructive">
          Invalid field
        </Label>
        <Input id={c} aria-invalid defaultValue="??" />
      </div>
    </div>
  );
}
