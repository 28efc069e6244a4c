import { flexRender, type Table as TanTable } from '@tanstack/react-table';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** The table itself: header groups, rows (or skeleton rows while loading), and an empty message. */
export function DataTable<TData>({
  table,
  loading = false,
  empty = 'No results.',
  label,
  className,
}: {
  table: TanTable<TData>;
  loading?: boolean;
  empty?: React.ReactNode;
  label: string;
  className?: string;
}) {
  const columns = table.getVisibleLeafColumns().length;
  return (
    <div className={cn('overflow-hidden rounded-md border', className)}>
      <Table aria-label={label} aria-busy={loading || undefined}>
        <TableHeader>
          {table.getHeaderGroups().map((hg) => (
            <TableRow key={hg.id}>
              {hg.headers.map((h) => (
                <TableHead
                  key={h.id}
                  colSpan={h.colSpan}
                  className={cn((h.column.columnDef.meta as { className?: string } | undefined)?.className)}
                  aria-sort={h.column.getIsSorted() === 'asc' ? 'ascending' : h.column.getIsSorted() === 'desc' ? 'descending' : undefined}
                >
                  {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {loading && table.getRowModel().rows.length === 0 ? (
            Array.from({ length: 5 }, (_, i) => (
              <TableRow key={`s${i}`}>
                <TableCell colSpan={columns}>
                  <Skeleton className="h-6 w-full" />
                </TableCell>
              </TableRow>
            ))
          ) : table.getRowModel().rows.length ? (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className={cn((cell.column.columnDef.meta as { className?: string } | undefined)?.className)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={columns} className="text-muted-foreground h-24 text-center">
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
