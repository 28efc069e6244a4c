import { OTPInput, OTPInputContext } from 'input-otp';
import { MinusIcon } from 'lucide-react';
import { useContext } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** One-time code entry on `input-otp` (what shadcn's InputOTP uses): one real input, drawn as slots. */
export function PinInput({
  className,
  containerClassName,
  ...props
}: React.ComponentProps<typeof OTPInput> & { containerClassName?: string }) {
  return (
    <OTPInput
      data-slot="pin-input"
      containerClassName={cn('flex items-center gap-2 has-disabled:opacity-50', containerClassName)}
      className={cn('disabled:cursor-not-allowed', className)}
      {...props}
    />
  );
}

export function PinInputGroup({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="pin-input-group" dir="ltr" className={cn('flex items-center', className)} {...props} />;
}

export function PinInputSlot({ index, className, ...props }: React.ComponentProps<'div'> & { index: number }) {
  const context = useContext(OTPInputContext);
  const { char, hasFakeCaret, isActive } = context?.slots[index] ?? {};
  return (
    <div
      data-slot="pin-input-slot"
      data-active={isActive}
      className={cn(
        'relative flex h-9 w-9 items-center justify-center border-y border-e border-input text-sm shadow-xs transition-all outline-none first:rounded-s-md first:border-s last:rounded-e-md aria-invalid:border-destructive data-[active=true]:z-10 data-[active=true]:border-ring data-[active=true]:ring-[3px] data-[active=true]:ring-ring/50 data-[active=true]:aria-invalid:border-destructive data-[active=true]:aria-invalid:ring-destructive/20 dark:bg-input/30',
        className,
      )}
      {...props}
    >
      {char}
      {hasFakeCaret && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="h-4 w-px animate-caret-blink bg-foreground duration-1000" />
        </div>
      )}
    </div>
  );
}

export function PinInputSeparator(props: React.ComponentProps<'div'>) {
  return (
    <div data-slot="pin-input-separator" role="separator" {...props}>
      <MinusIcon aria-hidden />
    </div>
  );
}
