import { Link } from '@tanstack/react-router';
import { AlertCircle, CheckCircle2, Loader2, MapPinned } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The blank auth layout: a centred card with the product mark. */
export function AuthCard({
  title,
  description,
  children,
  footer,
  wide,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4 sm:p-8">
      <Link to="/" className="flex items-center gap-2 font-semibold text-foreground">
        <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <MapPinned className="size-4" aria-hidden />
        </span>
        Waymark
      </Link>
      <Card className={cn('w-full', wide ? 'max-w-lg' : 'max-w-sm')}>
        <CardHeader>
          <CardTitle className="text-xl">
            <h1>{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
        {footer && <CardFooter className="flex flex-col gap-2 text-center text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
    </main>
  );
}

export function FormError({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/60 border-s-4 bg-background px-3 py-2 text-sm text-foreground"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-emerald-600/60 border-s-4 bg-background px-3 py-2 text-sm text-foreground"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

export function Spinner() {
  return <Loader2 className="size-4 animate-spin" aria-hidden />;
}

type FieldProps = React.ComponentProps<typeof Input> & { label: string; error?: string; hint?: ReactNode; id: string };

/** A labelled input with an inline error wired up through aria-describedby. */
export function Field({ label, error, hint, id, className, ...props }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="flex items-center gap-1 text-xs font-medium text-foreground">
          <AlertCircle className="size-3.5 shrink-0 text-destructive" aria-hidden />
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ id, label, ...props }: React.ComponentProps<'input'> & { id: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4 rounded border-input accent-primary" {...props} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
