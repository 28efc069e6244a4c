import { Circle, Hand, Magnet, MapPin, Pentagon, PenTool, Ruler, Square, Spline } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import { TOOLS, toolDraws, type ToolId } from '../lib/tools';

const ICONS: Record<ToolId, typeof Hand> = {
  select: Hand,
  point: MapPin,
  linestring: Spline,
  polygon: Pentagon,
  rectangle: Square,
  circle: Circle,
  freehand: PenTool,
  measure: Ruler,
};

/**
 * The drawing tools as one toolbar with roving focus (one tab stop; arrows, Home and End move
 * between tools; Enter/Space picks). Tools that add features are disabled for viewers and when the
 * active layer is locked. Snapping is a toggle at the end.
 */
export function EditorToolbar({
  tool,
  onTool,
  canDraw,
  snapping,
  onSnapping,
  orientation,
  className,
}: {
  tool: ToolId;
  onTool: (t: ToolId) => void;
  canDraw: boolean;
  snapping: boolean;
  onSnapping: (on: boolean) => void;
  orientation: 'horizontal' | 'vertical';
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const items = [...TOOLS.map((t) => t.id), 'snap'] as const;
  const current = items.indexOf(tool);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const rtl = getComputedStyle(ref.current!).direction === 'rtl';
    const next = orientation === 'vertical' ? 'ArrowDown' : rtl ? 'ArrowLeft' : 'ArrowRight';
    const prev = orientation === 'vertical' ? 'ArrowUp' : rtl ? 'ArrowRight' : 'ArrowLeft';
    let j = -1;
    if (e.key === next) j = (i + 1) % buttons.length;
    else if (e.key === prev) j = (i - 1 + buttons.length) % buttons.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = buttons.length - 1;
    if (j < 0) return;
    e.preventDefault();
    for (const [k, b] of buttons.entries()) b.tabIndex = k === j ? 0 : -1;
    buttons[j]!.focus();
  };

  const base =
    'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-5';
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Drawing tools"
      aria-orientation={orientation}
      onKeyDown={onKeyDown}
      className={cn('flex gap-1', orientation === 'vertical' ? 'flex-col' : 'flex-row', className)}
    >
      {TOOLS.map((t, i) => {
        const Icon = ICONS[t.id];
        const disabled = toolDraws(t.id) && !canDraw;
        return (
          <button
            key={t.id}
            type="button"
            tabIndex={i === (current < 0 ? 0 : current) ? 0 : -1}
            aria-pressed={tool === t.id}
            aria-keyshortcuts={t.key.toUpperCase()}
            title={`${t.label} (${t.key.toUpperCase()})`}
            disabled={disabled}
            data-tool={t.id}
            onClick={() => onTool(t.id)}
            className={cn(base, tool === t.id && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground')}
          >
            <Icon aria-hidden />
            <span className="sr-only">{t.label}</span>
          </button>
        );
      })}
      <span aria-hidden className={cn('bg-border shrink-0', orientation === 'vertical' ? 'mx-2 h-px' : 'my-2 w-px')} />
      <button
        type="button"
        tabIndex={-1}
        aria-pressed={snapping}
        title="Snap to vertices and edges (S)"
        aria-keyshortcuts="S"
        onClick={() => onSnapping(!snapping)}
        className={cn(base, snapping && 'bg-accent text-accent-foreground ring-primary/60 ring-1')}
      >
        <Magnet aria-hidden />
        <span className="sr-only">Snapping</span>
      </button>
    </div>
  );
}
