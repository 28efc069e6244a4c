import { AlertCircle, CheckCircle2 } from 'lucide-react';

/** An inline result line: errors are alerts, successes are polite status messages. */
export function Notice({ kind, children }: { kind: 'error' | 'ok'; children: React.ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className="flex items-start gap-2 text-sm text-foreground">
      {kind === 'error' ? (
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      ) : (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      )}
      <span>{children}</span>
    </p>
  );
}

export type NoticeState = { kind: 'error' | 'ok'; text: string } | null;
