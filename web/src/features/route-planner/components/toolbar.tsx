import { ArrowLeftRight, Eraser, Redo2, Repeat, RotateCcw, SlidersHorizontal, Spline, Undo2, Waypoints } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { RoutePrefs } from '../lib/storage';
import { RoutePrefSwitches, routePrefTags } from './route-pref-switches';
import type { LegMode } from '../lib/types';

interface Props {
  mode: LegMode;
  onMode(m: LegMode): void;
  canUndo: boolean;
  canRedo: boolean;
  count: number;
  onUndo(): void;
  onRedo(): void;
  onReverse(): void;
  onOutAndBack(): void;
  onCloseLoop(): void;
  onClear(): void;
  /** how snapped legs weigh the ways */
  routePrefs: RoutePrefs;
  onRoutePrefs(p: RoutePrefs): void;
  compact?: boolean;
}

/** The routing preferences of snapped legs, in a popover; the button shows when any is on. */
function RouteOptions({ value, onChange }: { value: RoutePrefs; onChange(p: RoutePrefs): void }) {
  const on = routePrefTags(value);
  const label = on.length ? `Route options: ${on.join(', ')}` : 'Route options';
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={label} title={label} className="relative">
          <SlidersHorizontal />
          {on.length ? <span aria-hidden className="absolute top-1 end-1 size-1.5 rounded-full bg-primary" /> : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="grid w-72 gap-3" aria-label="Route options">
        <div className="grid gap-1">
          <p className="text-sm font-medium">Snapped legs</p>
          <p className="text-xs text-muted-foreground">
            How new and re-planned legs choose their ways. Off: the quickest way on foot. Loops have their own in the loop dialog.
          </p>
        </div>
        <RoutePrefSwitches idPrefix="legs" value={value} onChange={onChange} />
      </PopoverContent>
    </Popover>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
  children,
  shortcut,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
  shortcut?: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={shortcut}
    >
      {children}
    </Button>
  );
}

/** Editing tools: leg mode for new legs, undo/redo, reverse, out-and-back, close loop, clear. */
export function Toolbar(p: Props) {
  return (
    <div role="toolbar" aria-label="Route editing" className="flex flex-wrap items-center gap-0.5">
      <div role="radiogroup" aria-label="New legs" className="me-1 inline-flex rounded-md border p-0.5 text-xs">
        {(
          [
            ['snap', 'Snap to paths', <Waypoints key="s" className="size-3.5" />],
            ['freehand', 'Freehand', <Spline key="f" className="size-3.5" />],
          ] as const
        ).map(([m, label, icon]) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={p.mode === m}
            onClick={() => p.onMode(m)}
            className={`inline-flex items-center gap-1 rounded px-2 py-1 ${p.mode === m ? 'bg-primary text-primary-foreground' : 'hover:bg-accent'}`}
          >
            {icon}
            {p.compact ? <span className="sr-only">{label}</span> : label}
          </button>
        ))}
      </div>
      <ToolButton label="Undo" shortcut="Control+Z" onClick={p.onUndo} disabled={!p.canUndo}>
        <Undo2 />
      </ToolButton>
      <ToolButton label="Redo" shortcut="Control+Shift+Z" onClick={p.onRedo} disabled={!p.canRedo}>
        <Redo2 />
      </ToolButton>
      <ToolButton label="Reverse" onClick={p.onReverse} disabled={p.count < 2}>
        <ArrowLeftRight />
      </ToolButton>
      <ToolButton label="Out and back" onClick={p.onOutAndBack} disabled={p.count < 2}>
        <Repeat />
      </ToolButton>
      <ToolButton label="Close loop" onClick={p.onCloseLoop} disabled={p.count < 2}>
        <RotateCcw />
      </ToolButton>
      <ToolButton label="Clear route" onClick={p.onClear} disabled={p.count === 0}>
        <Eraser />
      </ToolButton>
      <RouteOptions value={p.routePrefs} onChange={p.onRoutePrefs} />
    </div>
  );
}
