import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A determinate bar for 0–max (filling from the start edge, so right-to-left in RTL), or an indeterminate one (value null). */
export function Progress({ className, value, max = 100, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const indeterminate = value === null || value === undefined;
  const gap = indeterminate ? 0 : 100 - Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full w-full flex-1 bg-primary transition-all',
          indeterminate ? 'animate-pulse opacity-60' : '-translate-x-(--progress-gap) rtl:translate-x-(--progress-gap)',
        )}
        style={indeterminate ? undefined : ({ '--progress-gap': `${gap}%` } as React.CSSProperties)}
      />
    </ProgressPrimitive.Root>
  );
}
