import { NumberInput as NumberInputPrimitive } from '@ark-ui/react/number-input';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type RootProps = React.ComponentProps<typeof NumberInputPrimitive.Root>;

/**
 * A numeric field (Ark UI's NumberInput): ArrowUp/ArrowDown step by `step`, Shift with them by ten
 * steps, PageUp/PageDown by ten steps too, Home/End jump to min/max; typed values are parsed and
 * formatted with `formatOptions` for the locale and clamped to min/max on blur.
 */
export function NumberField({
  label,
  className,
  placeholder,
  ...props
}: Omit<RootProps, 'children'> & { label: React.ReactNode; placeholder?: string }) {
  const dir = Direction.useDirection();
  return (
    <NumberInputPrimitive.Root
      data-slot="number-field"
      dir={dir}
      locale="en-GB"
      className={cn('grid w-full max-w-56 gap-2', className)}
      {...props}
    >
      <NumberInputPrimitive.Label className="text-sm leading-none font-medium data-disabled:opacity-50">{label}</NumberInputPrimitive.Label>
      <NumberInputPrimitive.Control
        className={cn(
          'flex h-9 w-full items-stretch overflow-hidden rounded-md border border-input bg-transparent shadow-xs transition-[color,box-shadow] dark:bg-input/30',
          'focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
          'data-invalid:border-destructive data-invalid:ring-destructive/20 data-disabled:cursor-not-allowed data-disabled:opacity-50',
        )}
      >
        <NumberInputPrimitive.DecrementTrigger
          aria-label="Decrease"
          className="inline-flex w-9 shrink-0 items-center justify-center border-e border-input text-muted-foreground hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-50"
        >
          <MinusIcon aria-hidden className="size-4" />
        </NumberInputPrimitive.DecrementTrigger>
        <NumberInputPrimitive.Input
          placeholder={placeholder}
          className="w-full min-w-0 flex-1 bg-transparent px-3 text-center text-sm tabular-nums outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
        <NumberInputPrimitive.IncrementTrigger
          aria-label="Increase"
          className="inline-flex w-9 shrink-0 items-center justify-center border-s border-input text-muted-foreground hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-50"
        >
          <PlusIcon aria-hidden className="size-4" />
        </NumberInputPrimitive.IncrementTrigger>
      </NumberInputPrimitive.Control>
    </NumberInputPrimitive.Root>
  );
}
