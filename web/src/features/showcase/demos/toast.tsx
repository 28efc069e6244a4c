import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { HEADLESS_TOAST_DURATION_MS, HEADLESS_TOAST_SWIPE_THRESHOLD_PX, ToastAction } from '@/components/ui/toast';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast, useToast } from '@/components/ui/use-toast';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      The headless toaster: a small store (<code>toast()</code> from <code>components/ui/use-toast</code>) rendered with Radix Toast by the
      one <code>&lt;HeadlessToaster&gt;</code> at the root. It shows <strong>one toast at a time</strong> — a new one replaces the last —
      closes it after 5 s (paused while hovered or focused), lets it be swiped away past 50 px, and <Kbd>F8</Kbd> moves focus to its
      viewport.
    </p>
  ),
  builtOn: 'Radix Toast',
  examples: [
    { id: 'Variants', title: 'Variants', render: Variants },
    { id: 'WithAction', title: 'With an action', render: WithAction },
    {
      id: 'OneAtATime',
      title: 'One at a time, auto-dismiss measured',
      description: 'Three calls in a row leave one toast open; the time it stayed open is measured from the store.',
      render: OneAtATime,
    },
  ],
  constants: [
    { name: 'Auto-dismiss', value: `${HEADLESS_TOAST_DURATION_MS} ms`, where: 'components/ui/toast.tsx' },
    { name: 'Swipe threshold', value: `${HEADLESS_TOAST_SWIPE_THRESHOLD_PX} px`, where: 'components/ui/toast.tsx' },
    { name: 'Viewport hotkey', value: 'F8', where: 'components/ui/toast.tsx' },
    { name: 'Toasts at a time (store)', value: String(TOAST_LIMIT), where: 'components/ui/use-toast.ts' },
    { name: 'Removal after close (store)', value: `${TOAST_REMOVE_DELAY_MS.toLocaleString('en')} ms`, where: 'components/ui/use-toast.ts' },
  ],
  keyboard: [
    { keys: 'F8', action: 'Focuses the toast viewport.' },
    { keys: 'Tab', action: 'Moves through the toast’s action and close button.' },
    { keys: 'Escape', action: 'Closes the focused toast.' },
  ],
});

function Variants() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => toast({ title: 'Settings saved', description: 'Units: kilometres.' })}>
        Default
      </Button>
      <Button
        variant="outline"
        onClick={() => toast({ variant: 'destructive', title: 'Upload failed', description: 'The file is larger than 50 MB.' })}
      >
        Destructive
      </Button>
    </div>
  );
}

function WithAction() {
  return (
    <Button
      variant="outline"
      onClick={() =>
        toast({
          title: 'Layer removed',
          description: '“Trails” and its 128 features.',
          action: (
            <ToastAction altText="Undo removing the layer" onClick={() => toast({ title: 'Layer restored' })}>
              Undo
            </ToastAction>
          ),
        })
      }
    >
      Remove layer
    </Button>
  );
}

function OneAtATime() {
  const { toasts } = useToast();
  const openedAt = useRef(new Map<string, number>());
  const [lastOpenMs, setLastOpenMs] = useState<number | null>(null);
  const open = toasts.filter((t) => t.open);
  useEffect(() => {
    for (const t of toasts) {
      if (t.open && !openedAt.current.has(t.id)) openedAt.current.set(t.id, performance.now());
      if (!t.open && openedAt.current.has(t.id)) {
        const ms = performance.now() - openedAt.current.get(t.id)!;
        openedAt.current.delete(t.id);
        queueMicrotask(() => setLastOpenMs(Math.round(ms)));
      }
    }
  }, [toasts]);
  return (
    <div className="grid w-full max-w-md gap-3">
      <Button
        variant="outline"
        className="w-fit"
        onClick={() => {
          toast({ title: 'First' });
          toast({ title: 'Second' });
          toast({ title: 'Third (the only one shown)' });
        }}
      >
        Call toast() three times
      </Button>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="toast-measured">
        <dt className="text-muted-foreground">Open toasts</dt>
        <dd className="font-mono">{open.length}</dd>
        <dt className="text-muted-foreground">In the store</dt>
        <dd className="font-mono">{toasts.length}</dd>
        <dt className="text-muted-foreground">Last one stayed open</dt>
        <dd className="font-mono">{lastOpenMs === null ? '—' : `${lastOpenMs} ms`}</dd>
      </dl>
    </div>
  );
}
