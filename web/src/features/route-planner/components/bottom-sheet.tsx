import { ChevronUp } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/utils';

interface Props {
  /** always visible: one line (distance and climb) */
  summary: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}

/**
 * The phone layout's details panel: a sheet along the bottom of the map showing a one-line summary,
 * which unfolds (button, aria-expanded) to the full details, scrolling within 45 % of the screen.
 * It is a map overlay: framed routes and the map's controls keep clear of it.
 */
export function BottomSheet({ summary, open, onOpenChange, label, children, ref }: Props) {
  const id = useId();
  return (
    <section
      ref={ref}
      data-map-overlay
      aria-label={label}
      className="absolute inset-x-0 bottom-0 z-10 rounded-t-xl border-t bg-background/95 shadow-2xl"
    >
      <button
        type="button"
        className="flex w-full flex-col items-center gap-1 px-3 pt-1.5 pb-2"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
      >
        <span className="h-1 w-10 rounded-full bg-muted-foreground/40" aria-hidden />
        <span className="flex w-full items-center justify-between gap-2 text-sm">
          {summary}
          <ChevronUp className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
          <span className="sr-only">{open ? 'Hide details' : 'Show details'}</span>
        </span>
      </button>
      <div id={id} hidden={!open} className="max-h-[45svh] overflow-auto px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {children}
      </div>
    </section>
  );
}
