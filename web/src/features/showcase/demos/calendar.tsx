import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A month grid to pick a date, as a table of day buttons. Selected days carry <code>aria-selected</code>, today is marked, and disabled
      days cannot be picked. Pass <code>selected</code> + <code>onSelect</code> to control it; the month shown can be controlled too (
      <code>month</code> + <code>onMonthChange</code>).
    </p>
  ),
  builtOn: 'react-day-picker',
  examples: [
    { id: 'Single', title: 'Single date (controlled)', render: Single },
    { id: 'Uncontrolled', title: 'Uncontrolled, with dropdowns', render: Uncontrolled },
    { id: 'Disabled', title: 'Disabled days and bounds', render: Disabled },
    { id: 'Multiple', title: 'Multiple dates, two months', render: Multiple },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves between the navigation buttons and the grid (one day of the grid is in the tab order).' },
    { keys: 'ArrowLeft / ArrowRight', action: 'Previous / next day (mirrored in RTL).' },
    { keys: 'ArrowUp / ArrowDown', action: 'Same day of the previous / next week.' },
    { keys: 'PageUp / PageDown', action: 'Previous / next month; with Shift, previous / next year.' },
    { keys: 'Home / End', action: 'First / last day of the week.' },
    { keys: 'Enter / Space', action: 'Selects the focused day.' },
  ],
});

function Single() {
  const [date, setDate] = useState<Date | undefined>(new Date(2026, 5, 14));
  return (
    <div className="grid justify-items-center gap-2">
      <Calendar mode="single" selected={date} onSelect={setDate} defaultMonth={date} className="rounded-md border shadow-sm" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Selected: {date ? date.toDateString() : 'none'}
      </p>
      <Button size="sm" variant="outline" onClick={() => setDate(undefined)}>
        Clear
      </Button>
    </div>
  );
}

function Uncontrolled() {
  return (
    <Calendar
      mode="single"
      captionLayout="dropdown"
      defaultMonth={new Date(2026, 9)}
      startMonth={new Date(2020, 0)}
      endMonth={new Date(2030, 11)}
      className="rounded-md border shadow-sm"
    />
  );
}

function Disabled() {
  return (
    <Calendar
      mode="single"
      defaultMonth={new Date(2026, 6)}
      startMonth={new Date(2026, 6)}
      endMonth={new Date(2026, 7)}
      disabled={[{ dayOfWeek: [0, 6] }, { before: new Date(2026, 6, 8) }]}
      className="rounded-md border shadow-sm"
    />
  );
}

function Multiple() {
  const [days, setDays] = useState<Date[] | undefined>([new Date(2026, 3, 4), new Date(2026, 3, 11), new Date(2026, 3, 18)]);
  return (
    <div className="grid justify-items-center gap-2">
      <Calendar
        mode="multiple"
        numberOfMonths={2}
        selected={days}
        onSelect={setDays}
        defaultMonth={new Date(2026, 3)}
        className="rounded-md border shadow-sm"
      />
      <p className="text-sm text-muted-foreground">{days?.length ?? 0} training days picked</p>
    </div>
  );
}
