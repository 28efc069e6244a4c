import { AlertCircle } from 'lucide-react';

/** An inline error of an admin action (role="alert"). */
export function ErrorLine({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="flex items-start gap-2 text-sm font-medium text-foreground">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <span>{message}</span>
    </p>
  ) : null;
}

export const selectClass =
  'h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';
