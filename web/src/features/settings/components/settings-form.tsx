import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from './unsaved-guard';

/** One settings page: a heading, a card with the form, Save / Reset, the root error and the unsaved-changes guard. */
export function SettingsForm({
  title,
  description,
  onSubmit,
  dirty,
  saving,
  error,
  onReset,
  children,
  aside,
}: {
  title: string;
  description: string;
  onSubmit: (e: React.FormEvent) => void;
  dirty: boolean;
  saving: boolean;
  error?: string;
  onReset: () => void;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {aside}
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <CardHeader className="sr-only">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
          <CardFooter className="mt-6 flex flex-wrap items-center gap-3 border-t pt-6">
            <Button type="submit" disabled={saving}>
              {saving && <Loader2 className="animate-spin" aria-hidden />} Save changes
            </Button>
            <Button type="button" variant="outline" onClick={onReset} disabled={!dirty || saving}>
              Reset
            </Button>
            {dirty && <span className="text-sm text-muted-foreground">Unsaved changes</span>}
            {error && (
              <p role="alert" className="w-full text-sm text-destructive">
                {error}
              </p>
            )}
          </CardFooter>
        </form>
      </Card>
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}

/** A labelled field with its description and error, wired for screen readers. */
export function Field({
  id,
  label,
  description,
  error,
  children,
}: {
  id: string;
  label: string;
  description?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {description && (
        <p id={`${id}-desc`} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby / aria-invalid for an input inside Field. */
export const fieldProps = (id: string, error?: string, description?: boolean) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [description ? `${id}-desc` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined,
});
