// Controls the map demo pages share: the region choice, a labelled slider with its value, a
// labelled switch row, the floating panel over the map, and a legend of colour classes.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { Segmented } from './demo-header';

export type DemoRegion = 'andorra' | 'monaco';
const REGION_LABELS: Record<DemoRegion, string> = { andorra: 'Andorra', monaco: 'Monaco' };

/** The "Region" toggle of a demo page (Andorra, Monaco; `order` puts one first). */
export function RegionSegmented<T extends DemoRegion>({
  value,
  onChange,
  order = ['andorra', 'monaco'] as T[],
}: {
  value: T;
  onChange: (r: T) => void;
  order?: readonly T[];
}) {
  return <Segmented label="Region" value={value} options={order.map((r) => ({ value: r, label: REGION_LABELS[r] }))} onChange={onChange} />;
}

/** A range slider whose label shows the current value at its end. */
export function RangeField({
  label,
  display,
  value,
  onChange,
  min,
  max,
  step,
  disabled,
}: {
  label: string;
  /** the value as shown beside the label ("18 px", "1.5×") */
  display: ReactNode;
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
  step?: number;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} className="flex justify-between text-xs">
        {label} <span className="tabular-nums">{display}</span>
      </Label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="accent-primary w-full"
      />
    </div>
  );
}

/** A text and a switch on one row; the switch is named by the text. */
export function SwitchRow({ label, checked, onCheckedChange }: { label: string; checked: boolean; onCheckedChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center justify-between gap-2">
      <span>{label}</span>
      <Switch checked={checked} onCheckedChange={onCheckedChange} aria-label={label} />
    </label>
  );
}

/** The panel floating at the top start corner of a demo map (controls, legend). */
export function MapPanel({ label, className, ...props }: Omit<ComponentProps<'section'>, 'aria-label'> & { label: string }) {
  return (
    <section
      aria-label={label}
      className={cn(
        'bg-background/95 absolute top-2 z-10 w-60 space-y-3 rounded-md border p-3 text-sm shadow-sm ltr:left-2 rtl:right-2',
        className,
      )}
      {...props}
    />
  );
}

/** A legend of colour classes: a swatch and its range per stop, the last one open-ended. */
export function StepLegend({
  stops,
  format = String,
  suffix = '',
  className,
}: {
  stops: readonly (readonly [number, string])[];
  format?: (v: number) => string;
  /** after each range (" m") */
  suffix?: string;
  className?: string;
}) {
  return (
    <ul className={cn('grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-0.5', className)}>
      {stops.map(([v, c], i) => {
        const next = stops[i + 1];
        return (
          <li key={v} className="contents">
            <span className="inline-block h-3 w-5 rounded-sm border" style={{ background: c }} aria-hidden />
            <span dir="ltr" className="text-start tabular-nums">
              {next ? `${format(v)}–${format(next[0])}${suffix}` : `≥ ${format(v)}${suffix}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
