import type { Column } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, EyeOff } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

/** A column title that sorts (ascending/descending) and hides its column from a menu. */
export function DataTableColumnHeader<TData, TValue>({
  column,
  title,
  className,
}: { column: Column<TData, TValue>; title: string } & React.HTMLAttributes<HTMLDivElement>) {
  if (!column.getCanSort()) return <div className={cn(className)}>{title}</div>;
  const sorted = column.getIsSorted();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="data-[state=open]:bg-accent -ms-3 h-8"
            aria-label={`${title}: ${sorted === 'asc' ? 'sorted ascending' : sorted === 'desc' ? 'sorted descending' : 'not sorted'}. Sort or hide`}
          >
            <span>{title}</span>
            {sorted === 'desc' ? <ArrowDown aria-hidden /> : sorted === 'asc' ? <ArrowUp aria-hidden /> : <ChevronsUpDown aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onClick={() => column.toggleSorting(false)}>
            <ArrowUp aria-hidden className="text-muted-foreground size-3.5" /> Ascending
          </DropdownMenuItem>
          <DropdownMenuItem onClick={() => column.toggleSorting(true)}>
            <ArrowDown aria-hidden className="text-muted-foreground size-3.5" /> Descending
          </DropdownMenuItem>
          {column.getCanHide() && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onClick={() => column.toggleVisibility(false)}>
                <EyeOff aria-hidden className="text-muted-foreground size-3.5" /> Hide
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
