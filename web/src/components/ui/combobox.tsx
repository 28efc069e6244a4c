import { Combobox as ComboboxPrimitive, useListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { CheckIcon, ChevronsUpDownIcon, XIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  label: string;
  value: string;
  disabled?: boolean;
}

type RootProps = React.ComponentProps<typeof ComboboxPrimitive.Root<ComboboxOption>>;

/**
 * A text field with a filtered listbox (Ark UI's Combobox, the ARIA combobox pattern): typing
 * filters the options, ArrowDown/ArrowUp open the list and move the highlight, Home/End go to the
 * first/last option, Enter picks the highlighted one, Escape closes (a second Escape clears).
 */
export function Combobox({
  label,
  options,
  placeholder = 'Search…',
  emptyText = 'No results found.',
  className,
  ...props
}: Omit<RootProps, 'collection' | 'children'> & {
  label: React.ReactNode;
  options: ComboboxOption[];
  placeholder?: string;
  emptyText?: React.ReactNode;
}) {
  const dir = Direction.useDirection();
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<ComboboxOption>({
    initialItems: options,
    filter: contains,
    itemToString: (item) => item.label,
    itemToValue: (item) => item.value,
    isItemDisabled: (item) => !!item.disabled,
  });
  return (
    <ComboboxPrimitive.Root
      data-slot="combobox"
      dir={dir}
      collection={collection}
      onInputValueChange={(e) => filter(e.inputValue)}
      className={cn('grid w-full max-w-72 gap-2', className)}
      {...props}
    >
      <ComboboxPrimitive.Label className="text-sm leading-none font-medium data-disabled:opacity-50">{label}</ComboboxPrimitive.Label>
      <ComboboxPrimitive.Control
        className={cn(
          'relative flex h-9 w-full items-center rounded-md border border-input bg-transparent shadow-xs transition-[color,box-shadow] dark:bg-input/30',
          'focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
          'data-invalid:border-destructive data-invalid:ring-destructive/20 data-disabled:cursor-not-allowed data-disabled:opacity-50',
        )}
      >
        <ComboboxPrimitive.Input
          placeholder={placeholder}
          className="h-full w-full min-w-0 flex-1 bg-transparent ps-3 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
        <ComboboxPrimitive.ClearTrigger
          aria-label="Clear"
          className="inline-flex size-7 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground"
        >
          <XIcon aria-hidden className="size-3.5" />
        </ComboboxPrimitive.ClearTrigger>
        <ComboboxPrimitive.Trigger
          aria-label="Show options"
          className="inline-flex size-8 items-center justify-center text-muted-foreground hover:text-foreground disabled:pointer-events-none"
        >
          <ChevronsUpDownIcon aria-hidden className="size-4" />
        </ComboboxPrimitive.Trigger>
      </ComboboxPrimitive.Control>
      <Portal>
        <ComboboxPrimitive.Positioner className="z-50">
          <ComboboxPrimitive.Content
            dir={dir}
            className="max-h-72 min-w-(--reference-width) overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0"
          >
            <ComboboxPrimitive.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">{emptyText}</ComboboxPrimitive.Empty>
            {collection.items.map((item) => (
              <ComboboxPrimitive.Item
                key={item.value}
                item={item}
                className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 ps-2 pe-8 text-sm outline-hidden select-none data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-accent data-highlighted:text-accent-foreground"
              >
                <ComboboxPrimitive.ItemText>{item.label}</ComboboxPrimitive.ItemText>
                <ComboboxPrimitive.ItemIndicator className="absolute end-2 flex size-3.5 items-center justify-center">
                  <CheckIcon aria-hidden className="size-4" />
                </ComboboxPrimitive.ItemIndicator>
              </ComboboxPrimitive.Item>
            ))}
          </ComboboxPrimitive.Content>
        </ComboboxPrimitive.Positioner>
      </Portal>
    </ComboboxPrimitive.Root>
  );
}
