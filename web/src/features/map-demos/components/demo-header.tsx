// The header of a map demo page: a way back into the app, the page title, and the page's controls.
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function DemoHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="bg-background flex flex-wrap items-center gap-2 border-b px-3 py-2">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to="/dashboard" aria-label="Back to the dashboard">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        </Link>
      </Button>
      <h1 className="me-2 text-base font-semibold">{title}</h1>
      {children}
    </header>
  );
}

/** A row of toggle buttons choosing one value (region, unit, source…). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map((o) => (
        <Button
          key={o.value}
          type="button"
          size="sm"
          variant={o.value === value ? 'default' : 'outline'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}
