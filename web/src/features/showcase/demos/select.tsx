import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Choose one value from a list in a popup (<code>role=&quot;combobox&quot;</code> on the trigger, a <code>listbox</code> of options).
      Use it for short fixed lists; when users need to search, use a combobox.
    </p>
  ),
  builtOn: 'Radix Select',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled, groups', render: Uncontrolled },
    { id: 'Sizes', title: 'Sizes', render: Sizes },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
    { id: 'States', title: 'States', render: States },
  ],
  keyboard: [
    { keys: 'Enter / Space / ArrowDown', action: 'On the trigger: opens the list on the selected option.' },
    { keys: 'ArrowDown / ArrowUp', action: 'Next / previous option.' },
    { keys: 'Home / End', action: 'First / last option.' },
    { keys: 'Enter / Space', action: 'Picks the option and closes.' },
    { keys: 'Typing', action: 'Jumps to the option starting with the letters typed.' },
    { keys: 'Escape', action: 'Closes without changing.' },
  ],
});

function Field({ label, children, ...props }: ComponentProps<typeof Select> & { label: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select {...props}>
        <SelectTrigger id={id} className="w-48">
          <SelectValue placeholder="Choose…" />
        </SelectTrigger>
        <SelectContent>
          {children ?? (
            <>
              <SelectItem value="topo">Topographic</SelectItem>
              <SelectItem value="light">Light</SelectItem>
              <SelectItem value="dark">Dark</SelectItem>
            </>
          )}
        </SelectContent>
      </Select>
    </div>
  );
}

function Uncontrolled() {
  return (
    <Field label="Region" defaultValue="andorra">
      <SelectGroup>
        <SelectLabel>Bundled</SelectLabel>
        <SelectItem value="andorra">Andorra</SelectItem>
        <SelectItem value="monaco">Monaco</SelectItem>
      </SelectGroup>
      <SelectSeparator />
      <SelectGroup>
        <SelectLabel>Not built</SelectLabel>
        <SelectItem value="alps" disabled>
          Alps (build a pack first)
        </SelectItem>
      </SelectGroup>
    </Field>
  );
}

function Sizes() {
  const a = useId();
  const b = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="grid gap-2">
        <Label htmlFor={a}>Small</Label>
        <Select defaultValue="km">
          <SelectTrigger id={a} size="sm" className="w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="km">km</SelectItem>
            <SelectItem value="mi">mi</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={b}>Default</Label>
        <Select defaultValue="km">
          <SelectTrigger id={b} className="w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="km">km</SelectItem>
            <SelectItem value="mi">mi</SelectItem>
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

function Controlled() {
  const [style, setStyle] = useState('light');
  return (
    <div className="grid gap-2">
      <Field label="Basemap" value={style} onValueChange={setStyle} />
      <p className="text-sm text-muted-foreground">Value: {style}</p>
    </div>
  );
}

function States() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label="Empty (placeholder)" />
      <Field label="Disabled" disabled defaultValue="topo" />
      <InvalidSelect />
    </div>
  );
}

function InvalidSelect() {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Invalid</Label>
      <Select>
        <SelectTrigger id={id} aria-invalid className="w-48">
          <SelectValue placeholder="Required" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="a">A</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}
