import { ArrowRight, Loader2Icon, Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A native <code>&lt;button&gt;</code> styled by variant and size. Use <code>asChild</code> to give a link the same look. An icon-only
      button needs an <code>aria-label</code>.
    </p>
  ),
  builtOn: 'a native button (Radix Slot for asChild)',
  examples: [
    { id: 'Variants', title: 'Variants', render: Variants },
    { id: 'Sizes', title: 'Sizes', render: Sizes },
    {
      id: 'States',
      title: 'States',
      description: 'Hover and focus-visible are shown with the component’s own styles; disabled buttons are skipped by Tab.',
      render: States,
    },
    { id: 'Loading', title: 'Loading', description: 'While busy: disabled, a spinner and aria-busy.', render: Loading },
    { id: 'AsLink', title: 'As a link', render: AsLink },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the button (focus ring shown).' },
    { keys: 'Enter / Space', action: 'Activates the button.' },
  ],
});

function Variants() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button>Default</Button>
      <Button variant="secondary">Secondary</Button>
      <Button variant="outline">Outline</Button>
      <Button variant="ghost">Ghost</Button>
      <Button variant="link">Link</Button>
      <Button variant="destructive">Destructive</Button>
    </div>
  );
}

function Sizes() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm">Small</Button>
      <Button>Default</Button>
      <Button size="lg">Large</Button>
      <Button size="icon" aria-label="Add">
        <Plus />
      </Button>
      <Button size="icon-sm" variant="outline" aria-label="Add">
        <Plus />
      </Button>
      <Button>
        <Mail /> With icon
      </Button>
    </div>
  );
}

function States() {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button>Default</Button>
      <Button data-force-hover>Hover</Button>
      <Button variant="outline" data-force-focus>
        Focus visible
      </Button>
      <Button disabled>Disabled</Button>
      <Button variant="outline" aria-invalid>
        Invalid
      </Button>
    </div>
  );
}

function Loading() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        setTimeout(() => setBusy(false), 1500);
      }}
    >
      {busy ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
      {busy ? 'Saving…' : 'Save route'}
    </Button>
  );
}

function AsLink() {
  return (
    <Button asChild variant="outline">
      <a href="/help">
        Read the help <ArrowRight className="rtl:rotate-180" aria-hidden />
      </a>
    </Button>
  );
}
