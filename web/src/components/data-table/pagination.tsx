import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Rows per page, "Page x of y" and first/previous/next/last; works with server-side pagination (rowCount). */
export function DataTablePagination<TData>({
  table,
  pageSizes = [10, 20, 30, 50],
  total,
}: {
  table: Table<TData>;
  pageSizes?: number[];
  total?: number;
}) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const selected = table.getFilteredSelectedRowModel().rows.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-1">
      <p className="text-muted-foreground flex-1 text-sm whitespace-nowrap" aria-live="polite">
        {selected > 0
          ? `${selected} of ${table.getRowModel().rows.length} row(s) selected.`
          : total !== undefined
            ? `${total} in all`
            : null}
      </p>
      <div className="flex flex-wrap items-center gap-4 sm:gap-6">
        <div className="flex items-center gap-2">
          <p className="text-sm font-medium" id="rows-per-page-label">
            Rows per page
          </p>
          <Select value={String(pageSize)} onValueChange={(v) => table.setPagination({ pageIndex: 0, pageSize: Number(v) })}>
            <SelectTrigger className="h-8 w-[4.5rem]" aria-labelledby="rows-per-page-label">
              <SelectValue placeholder={String(pageSize)} />
            </SelectTrigger>
            <SelectContent side="top">
              {pageSizes.map((s) => (
                <SelectItem key={s} value={String(s)}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="text-sm font-medium whitespace-nowrap" data-testid="page-indicator">
          Page {pageIndex + 1} of {pageCount}
        </p>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="hidden size-8 sm:inline-flex"
            onClick={() => table.setPageIndex(0)}
            disabled={!table.getCanPreviousPage()}
            aria-label="First page"
          >
            <ChevronsLeft aria-hidden className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
            aria-label="Previous page"
          >
            <ChevronLeft aria-hidden className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
            aria-label="Next page"
          >
            <ChevronRight aria-hidden className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="hidden size-8 sm:inline-flex"
            onClick={() => table.setPageIndex(pageCount - 1)}
            disabled={!table.getCanNextPage()}
            aria-label="Last page"
          >
            <ChevronsRight aria-hidden className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
    </div>
  );
}
