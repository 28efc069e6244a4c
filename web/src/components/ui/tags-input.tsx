import { TagsInput as TagsInputPrimitive } from '@ark-ui/react/tags-input';
import { XIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type RootProps = React.ComponentProps<typeof TagsInputPrimitive.Root>;

/**
 * Tags typed into a field (Ark UI's TagsInput): Enter or the delimiter adds a tag, Backspace on an
 * empty field selects then deletes the last tag, ArrowLeft/ArrowRight move between tags, Enter on a
 * selected tag edits it, Delete removes it; pasting splits on the delimiter.
 */
export function TagsInput({
  label,
  placeholder = 'Add a tag…',
  className,
  invalid,
  ...props
}: Omit<RootProps, 'children'> & { label: React.ReactNode; placeholder?: string }) {
  const dir = Direction.useDirection();
  return (
    <TagsInputPrimitive.Root
      data-slot="tags-input"
      dir={dir}
      invalid={invalid}
      className={cn('grid w-full gap-2', className)}
      translations={{
        clearTriggerLabel: 'Remove all tags',
        deleteTagTriggerLabel: (value) => `Remove ${value}`,
        inputLabel: (count) => `${count} tag${count === 1 ? '' : 's'}; type to add`,
      }}
      {...props}
    >
      <TagsInputPrimitive.Context>
        {(api) => (
          <>
            <TagsInputPrimitive.Label className="text-sm leading-none font-medium data-disabled:opacity-50">
              {label}
            </TagsInputPrimitive.Label>
            <TagsInputPrimitive.Control
              className={cn(
                'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-transparent px-2 py-1 text-sm shadow-xs transition-[color,box-shadow] dark:bg-input/30',
                'focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
                'data-invalid:border-destructive data-invalid:ring-destructive/20 data-disabled:cursor-not-allowed data-disabled:bg-muted/50',
              )}
            >
              {api.value.map((value, index) => (
                <TagsInputPrimitive.Item key={`${value}-${index}`} index={index} value={value} className="group/tag">
                  <TagsInputPrimitive.ItemPreview className="inline-flex h-6 items-center gap-1 rounded-sm border bg-secondary ps-2 pe-0.5 text-xs font-medium text-secondary-foreground data-highlighted:border-ring data-highlighted:ring-2 data-highlighted:ring-ring/50">
                    <TagsInputPrimitive.ItemText>{value}</TagsInputPrimitive.ItemText>
                    <TagsInputPrimitive.ItemDeleteTrigger className="inline-flex size-5 items-center justify-center rounded-sm text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none">
                      <XIcon aria-hidden className="size-3" />
                    </TagsInputPrimitive.ItemDeleteTrigger>
                  </TagsInputPrimitive.ItemPreview>
                  <TagsInputPrimitive.ItemInput className="h-6 min-w-16 rounded-sm border border-ring bg-background px-1.5 text-xs outline-none" />
                </TagsInputPrimitive.Item>
              ))}
              <TagsInputPrimitive.Input
                placeholder={placeholder}
                className="h-7 min-w-24 flex-1 bg-transparent px-1 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
              />
              {api.value.length > 0 && (
                <TagsInputPrimitive.ClearTrigger className="ms-auto inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none">
                  <XIcon aria-hidden className="size-4" />
                </TagsInputPrimitive.ClearTrigger>
              )}
            </TagsInputPrimitive.Control>
            <TagsInputPrimitive.HiddenInput />
          </>
        )}
      </TagsInputPrimitive.Context>
    </TagsInputPrimitive.Root>
  );
}
