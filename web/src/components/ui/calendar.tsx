import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import { useEffect, useRef } from 'react';
import type * as React from 'react';
import { DayPicker, getDefaultClassNames, type DateRange, type DayButtonProps, type PropsBase, type PropsRange } from 'react-day-picker';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

export type { DateRange };

type CalendarProps = React.ComponentProps<typeof DayPicker> & { buttonVariant?: 'ghost' | 'outline' };

/**
 * A month grid on react-day-picker (single, multiple or range selection). Arrow keys move by day,
 * PageUp/PageDown by month (with Shift by year), Home/End to the start/end of the week; the
 * direction follows the app's (RTL mirrors the arrows and the navigation).
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  captionLayout = 'label',
  buttonVariant = 'ghost',
  components,
  dir,
  ...props
}: CalendarProps) {
  const appDir = Direction.useDirection();
  const d = getDefaultClassNames();
  return (
    <DayPicker
      data-slot="calendar"
      dir={dir ?? appDir}
      showOutsideDays={showOutsideDays}
      labels={{ labelDayButton: dayLabel }}
      captionLayout={captionLayout}
      className={cn('group/calendar bg-background p-3 [--cell-size:--spacing(8)]', className)}
      classNames={{
        root: cn('w-fit', d.root),
        months: cn('relative flex flex-col gap-4 md:flex-row', d.months),
        month: cn('flex w-full flex-col gap-4', d.month),
        nav: cn('absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1', d.nav),
        button_previous: cn(
          buttonVariants({ variant: buttonVariant }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          d.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: buttonVariant }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          d.button_next,
        ),
        month_caption: cn('flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)', d.month_caption),
        dropdowns: cn('flex h-(--cell-size) w-full items-center justify-center gap-1.5 text-sm font-medium', d.dropdowns),
        dropdown_root: cn(
          'relative rounded-md border border-input shadow-xs has-focus:border-ring has-focus:ring-[3px] has-focus:ring-ring/50',
          d.dropdown_root,
        ),
        dropdown: cn('absolute inset-0 bg-popover opacity-0', d.dropdown),
        caption_label: cn(
          'font-medium select-none',
          captionLayout === 'label'
            ? 'text-sm'
            : 'flex h-8 items-center gap-1 rounded-md ps-2 pe-1 text-sm [&>svg]:size-3.5 [&>svg]:text-muted-foreground',
          d.caption_label,
        ),
        month_grid: 'w-full border-collapse',
        weekdays: cn('flex', d.weekdays),
        weekday: cn('flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none', d.weekday),
        week: cn('mt-2 flex w-full', d.week),
        week_number_header: cn('w-(--cell-size) select-none', d.week_number_header),
        week_number: cn('text-[0.8rem] text-muted-foreground select-none', d.week_number),
        day: cn(
          'group/day relative aspect-square h-full w-full p-0 text-center select-none [&:first-child[data-selected=true]_button]:rounded-s-md [&:last-child[data-selected=true]_button]:rounded-e-md',
          d.day,
        ),
        range_start: cn('rounded-s-md bg-accent', d.range_start),
        range_middle: cn('rounded-none', d.range_middle),
        range_end: cn('rounded-e-md bg-accent', d.range_end),
        today: cn('rounded-md bg-accent text-accent-foreground data-[selected=true]:rounded-none', d.today),
        outside: cn('text-muted-foreground aria-selected:text-muted-foreground', d.outside),
        disabled: cn('text-muted-foreground opacity-50', d.disabled),
        hidden: cn('invisible', d.hidden),
        ...classNames,
      }}
      components={{
        Root: ({ className, rootRef, ...rest }) => <div data-slot="calendar" ref={rootRef} className={cn(className)} {...rest} />,
        Chevron: ({ className, orientation, ...rest }) => {
          if (orientation === 'left') return <ChevronLeftIcon className={cn('size-4', className)} {...rest} />;
          if (orientation === 'right') return <ChevronRightIcon className={cn('size-4', className)} {...rest} />;
          return <ChevronDownIcon className={cn('size-4', className)} {...rest} />;
        },
        DayButton: CalendarDayButton,
        ...components,
      }}
      {...props}
    />
  );
}

/** "Sunday, May 31, 2026" (the visible number as a word of the name), "Today, …", "…, selected". */
function dayLabel(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const day = date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return `${modifiers.today ? 'Today, ' : ''}${day}${modifiers.selected ? ', selected' : ''}`;
}

export function CalendarDayButton({ className, day, modifiers, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      type="button"
      data-day={day.date.toLocaleDateString('en-CA')}
      data-selected-single={modifiers.selected && !modifiers.range_start && !modifiers.range_end && !modifiers.range_middle}
      data-range-start={modifiers.range_start}
      data-range-end={modifiers.range_end}
      data-range-middle={modifiers.range_middle}
      className={cn(
        buttonVariants({ variant: 'ghost', size: 'icon' }),
        'flex aspect-square size-auto w-full min-w-(--cell-size) flex-col gap-1 leading-none font-normal group-data-[focused=true]/day:relative group-data-[focused=true]/day:z-10 group-data-[focused=true]/day:border-ring group-data-[focused=true]/day:ring-[3px] group-data-[focused=true]/day:ring-ring/50 data-[range-end=true]:rounded-md data-[range-end=true]:rounded-e-md data-[range-end=true]:bg-primary data-[range-end=true]:text-primary-foreground data-[range-middle=true]:rounded-none data-[range-middle=true]:bg-accent data-[range-middle=true]:text-accent-foreground data-[range-start=true]:rounded-md data-[range-start=true]:rounded-s-md data-[range-start=true]:bg-primary data-[range-start=true]:text-primary-foreground data-[selected-single=true]:bg-primary data-[selected-single=true]:text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** A calendar picking a start and an end date (react-day-picker's range mode). */
export function RangeCalendar(props: Omit<PropsBase & PropsRange, 'mode'> & { buttonVariant?: 'ghost' | 'outline' }) {
  return <Calendar mode="range" {...props} />;
}
