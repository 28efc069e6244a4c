import type { Table } from '@tanstack/react-table';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DataTableFacetedFilter, type FacetOption } from './faceted-filter';
import { DataTableViewOptions } from './view-options';

export interface ToolbarFilter {
  columnId: string;
  title: string;
  options: FacetOption[];
}

/** Search box (debounced into the table's global filter), faceted filters, reset and column options. */
export function DataTableToolbar<TData>({
  table,
  searchPlaceholder = 'Filter…',
  filters = [],
  children,
}: {
  table: Table<TData>;
  searchPlaceholder?: string;
  filters?: ToolbarFilter[];
  children?: React.ReactNode;
}) {
  const global = (table.getState().globalFilter as string | undefined) ?? '';
  const [text, setText] = useState(global);
  // The URL changed under us (back/forward, reset): show its value.
  const [shown, setShown] = useState(global);
  if (shown !== global) {
    setShown(global);
    setText(global);
  }
  useEffect(() => {
    if (text === global) return;
    const t = setTimeout(() => table.setGlobalFilter(text), 300);
    return () => clearTimeout(t);
  }, [text, global, table]);
  const isFiltered = global !== '' || table.getState().columnFilters.length > 0;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-1 flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-8 w-full sm:w-[15rem]"
        />
        {filters.map((f) => (
          <DataTableFacetedFilter key={f.columnId} column={table.getColumn(f.columnId)} title={f.title} options={f.options} />
        ))}
        {isFiltered && (
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            onClick={() => {
              setText('');
              table.resetGlobalFilter();
              table.resetColumnFilters();
            }}
          >
            Reset <X aria-hidden />
          </Button>
        )}
      </div>
      <div className="flex items-center gap-2">
        {children}
        <DataTableViewOptions table={table} />
      </div>
    </div>
  );
}
