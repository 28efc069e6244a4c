import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RangeCalendar, type DateRange } from '@/components/ui/calendar';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A calendar that picks a start and an end date: the first click sets the start, the second the end, the days between are highlighted.
      Bounds (<code>min</code>/<code>max</code> nights) and disabled days apply to the whole range.
    </p>
  ),
  builtOn: 'react-day-picker (range mode)',
  examples: [
    { id: 'Controlled', title: 'Controlled range, two months', render: Controlled },
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Limits', title: 'Min/max length and disabled days', render: Limits },
  ],
  keyboard: [
    { keys: 'ArrowLeft / ArrowRight', action: 'Previous / next day (mirrored in RTL).' },
    { keys: 'ArrowUp / ArrowDown', action: 'Same day of the previous / next week.' },
    { keys: 'PageUp / PageDown', action: 'Previous / next month; with Shift, year.' },
    { keys: 'Home / End', action: 'First / last day of the week.' },
    { keys: 'Enter / Space', action: 'Sets the start, then the end of the range.' },
  ],
});

function Controlled() {
  const [range, setRange] = useState<DateRange | undefined>({ from: new Date(2026, 6, 6), to: new Date(2026, 6, 12) });
  return (
    <div className="grid justify-items-center gap-2">
      <RangeCalendar
        numberOfMonths={2}
        selected={range}
        onSelect={setRange}
        defaultMonth={new Date(2026, 6)}
        className="rounded-md border shadow-sm"
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {range?.from ? range.from.toDateString() : '…'} → {range?.to ? range.to.toDateString() : '…'}
      </p>
      <Button size="sm" variant="outline" onClick={() => setRange(undefined)}>
        Clear
      </Button>
    </div>
  );
}

function Uncontrolled() {
  return <RangeCalendar defaultMonth={new Date(2026, 8)} className="rounded-md border shadow-sm" />;
}

function Limits() {
  return (
    <RangeCalendar defaultMonth={new Date(2026, 4)} min={2} max={6} disabled={{ dayOfWeek: [1] }} className="rounded-md border shadow-sm" />
  );
}
