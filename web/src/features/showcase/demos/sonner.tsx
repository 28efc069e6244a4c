import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { NOTIFICATION_DEFAULTS } from '@/components/ui/sonner';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Notification toasts: short messages stacked in the corner, announced politely, paused while hovered or focused, swiped away or closed
      with their button. The one <code>&lt;Toaster&gt;</code> of the app (mounted at the root) shows every <code>toast()</code> call with
      the SPEC constants below; press <Kbd>Alt</Kbd> <Kbd>T</Kbd> to move focus to the list.
    </p>
  ),
  builtOn: 'sonner',
  examples: [
    { id: 'Types', title: 'Types', render: Types },
    { id: 'Actions', title: 'Action, cancel, not dismissible, custom duration', render: Actions },
    { id: 'PromiseToast', title: 'Promise (loading → success / error)', render: PromiseToast },
    {
      id: 'LiveConstants',
      title: 'The constants, measured live',
      description: 'Read from the toaster in this page every 300 ms: show five toasts to see three visible, 14 px apart.',
      render: LiveConstants,
    },
  ],
  constants: [
    { name: 'Visible toasts', value: String(NOTIFICATION_DEFAULTS.visibleToasts), where: 'components/ui/sonner.tsx' },
    { name: 'Gap', value: `${NOTIFICATION_DEFAULTS.gap} px`, where: 'components/ui/sonner.tsx' },
    { name: 'Width', value: '356 px', where: 'components/ui/sonner.tsx (--width)' },
    { name: 'Viewport offset', value: `${NOTIFICATION_DEFAULTS.offset} px`, where: 'components/ui/sonner.tsx' },
    { name: 'Position', value: NOTIFICATION_DEFAULTS.position, where: 'components/ui/sonner.tsx' },
    { name: 'Duration', value: `${NOTIFICATION_DEFAULTS.duration} ms`, where: 'components/ui/sonner.tsx' },
    { name: 'Hotkey', value: 'Alt+T', where: 'components/ui/sonner.tsx' },
    { name: 'Container label', value: NOTIFICATION_DEFAULTS.containerAriaLabel, where: 'components/ui/sonner.tsx' },
    { name: 'Close button label', value: 'Close toast', where: 'components/ui/sonner.tsx' },
  ],
  keyboard: [
    { keys: 'Alt+T', action: 'Focuses and expands the notification list.' },
    { keys: 'Tab', action: 'Moves through the toasts’ buttons (action, cancel, close).' },
    { keys: 'Escape', action: 'Collapses the list again.' },
  ],
});

function Types() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => toast('Route saved', { description: 'Morning loop · 12.4 km' })}>
        Default
      </Button>
      <Button variant="outline" onClick={() => toast.success('GPX exported')}>
        Success
      </Button>
      <Button variant="outline" onClick={() => toast.info('Offline copy is 2 days old')}>
        Info
      </Button>
      <Button variant="outline" onClick={() => toast.warning('Loop is 7 % longer than asked')}>
        Warning
      </Button>
      <Button variant="outline" onClick={() => toast.error('Could not reach the server')}>
        Error
      </Button>
      <Button variant="outline" onClick={() => toast.loading('Building the region pack…', { duration: 3000 })}>
        Loading
      </Button>
    </div>
  );
}

function Actions() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        onClick={() =>
          toast('Waypoint deleted', {
            action: { label: 'Undo', onClick: () => toast.success('Waypoint restored') },
            cancel: { label: 'Dismiss', onClick: () => undefined },
          })
        }
      >
        With action and cancel
      </Button>
      <Button variant="outline" onClick={() => toast('Uploading…', { dismissible: false, duration: 3000 })}>
        Not dismissible
      </Button>
      <Button variant="outline" onClick={() => toast('Stays until closed', { duration: Infinity })}>
        Infinite duration
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          for (let i = 1; i <= 5; i++) toast(`Notification ${i} of 5`);
        }}
      >
        Show five
      </Button>
      <Button variant="ghost" onClick={() => toast.dismiss()}>
        Dismiss all
      </Button>
    </div>
  );
}

function PromiseToast() {
  const run = (ok: boolean) =>
    toast.promise(new Promise((resolve, reject) => setTimeout(ok ? resolve : reject, 1500)), {
      loading: 'Generating loops…',
      success: 'Three loops ready',
      error: 'No loop within ±5 % of 21 km',
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => run(true)}>
        Resolves
      </Button>
      <Button variant="outline" onClick={() => run(false)}>
        Rejects
      </Button>
    </div>
  );
}

interface Measured {
  label: string;
  position: string;
  width: string;
  gap: string;
  offset: string;
  visible: number;
  mounted: number;
  closeLabel: string;
}

function measure(): Measured | null {
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  const section = list?.closest('section') ?? document.querySelector('section[aria-label^="Notifications"]');
  if (!section) return null;
  const style = list ? getComputedStyle(list) : null;
  const toasts = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'));
  return {
    label: section.getAttribute('aria-label') ?? '',
    position: list ? `${list.dataset.yPosition}-${list.dataset.xPosition}` : '(no toast yet)',
    width: list ? `${Math.round(list.getBoundingClientRect().width)} px` : '—',
    gap: style?.getPropertyValue('--gap').trim() || '—',
    offset: style ? `${style.getPropertyValue('--offset-right').trim()} / ${style.getPropertyValue('--offset-bottom').trim()}` : '—',
    visible: toasts.filter((t) => t.dataset.visible === 'true' && t.dataset.removed !== 'true').length,
    mounted: toasts.filter((t) => t.dataset.removed !== 'true').length,
    closeLabel: document.querySelector('[data-sonner-toast] [data-close-button]')?.getAttribute('aria-label') ?? '—',
  };
}

function LiveConstants() {
  const [m, setM] = useState<Measured | null>(null);
  useEffect(() => {
    const tick = () => setM(measure());
    const t = setInterval(tick, 300);
    return () => clearInterval(t);
  }, []);
  const rows: [string, string][] = m
    ? [
        ['Container label', m.label],
        ['Position', m.position],
        ['Width', m.width],
        ['Gap', m.gap],
        ['Offset (right / bottom)', m.offset],
        ['Toasts visible / in the stack', `${m.visible} / ${m.mounted}`],
        ['Close button label', m.closeLabel],
      ]
    : [];
  return (
    <div className="grid w-full max-w-lg gap-3">
      <Button
        variant="outline"
        className="w-fit"
        onClick={() => {
          for (let i = 1; i <= 5; i++) toast(`Measured toast ${i}`, { duration: 8000 });
        }}
      >
        Show five toasts
      </Button>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="sonner-measured">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="font-mono" data-measure={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
