import { REGEXP_ONLY_DIGITS } from 'input-otp';
import { useId, useState, type ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { PinInput, PinInputGroup, PinInputSeparator, PinInputSlot } from '@/components/ui/pin-input';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Entry for one-time codes (email or SMS sign-in, MFA). It is one real input drawn as boxes, so pasting a whole code, the phone’s “from
      messages” suggestion (<code>autocomplete=&quot;one-time-code&quot;</code>) and password managers all work; a pattern limits the
      characters. Codes are read left to right in every direction.
    </p>
  ),
  builtOn: 'input-otp',
  examples: [
    { id: 'Digits', title: 'Six digits (uncontrolled)', render: Digits },
    { id: 'Controlled', title: 'Controlled, completes', render: Controlled },
    { id: 'States', title: 'Disabled and invalid', render: States },
  ],
  keyboard: [
    { keys: 'Typing', action: 'Fills the next box (characters outside the pattern are ignored).' },
    { keys: 'Backspace', action: 'Clears the previous box.' },
    { keys: 'ArrowLeft / ArrowRight', action: 'Moves between boxes.' },
    { keys: 'Ctrl+V', action: 'Pastes a whole code.' },
  ],
});

function Code({ label, ...props }: Omit<ComponentProps<typeof PinInput>, 'render' | 'maxLength' | 'children'> & { label: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <PinInput id={id} maxLength={6} pattern={REGEXP_ONLY_DIGITS} autoComplete="one-time-code" {...props}>
        <PinInputGroup>
          <PinInputSlot index={0} aria-invalid={props['aria-invalid']} />
          <PinInputSlot index={1} aria-invalid={props['aria-invalid']} />
          <PinInputSlot index={2} aria-invalid={props['aria-invalid']} />
        </PinInputGroup>
        <PinInputSeparator />
        <PinInputGroup>
          <PinInputSlot index={3} aria-invalid={props['aria-invalid']} />
          <PinInputSlot index={4} aria-invalid={props['aria-invalid']} />
          <PinInputSlot index={5} aria-invalid={props['aria-invalid']} />
        </PinInputGroup>
      </PinInput>
    </div>
  );
}

function Digits() {
  return <Code label="Verification code" />;
}

function Controlled() {
  const [value, setValue] = useState('');
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <Code label="Code from the email" value={value} onChange={setValue} onComplete={(v: string) => setDone(v)} />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="pin-input-value">
        {done ? `Complete: ${done}` : `Typed: ${value || 'nothing'}`}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Code label="Disabled" disabled defaultValue="123" />
      <Code label="Invalid" aria-invalid defaultValue="000000" />
    </div>
  );
}
