import type { FeatureRecord, Json } from '@waymark/collab';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { flexRender } from '@tanstack/react-table';
import { Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DataTableColumnHeader } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { EditorSnapshot, EditorStore } from '../lib/editor-store';
import { parseCell, propertyKeys, showCell } from '../lib/properties';
import { run } from './layers-panel';

/** One editable cell: commits on Enter or blur, Escape puts the value back. */
function Cell({
  value,
  label,
  readOnly,
  onCommit,
}: {
  value: Json | undefined;
  label: string;
  readOnly: boolean;
  onCommit: (v: Json | undefined) => void;
}) {
  const shown = showCell(value);
  const [text, setText] = useState(shown);
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setText(shown);
  }
  if (readOnly) return <bdi className="block max-w-48 truncate">{shown}</bdi>;
  const commit = () => {
    if (text === shown) return;
    onCommit(parseCell(text, value));
  };
  return (
    <Input
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(shown);
      }}
      className="h-8 min-w-24"
    />
  );
}

/**
 * All features of one layer as a table (@tanstack/react-table): name and custom properties edited
 * inline (each key merges on its own with other people's edits), columns added and removed, sorted
 * by any column. A row click selects the feature on the map; a map selection highlights its row.
 */
export function PropertiesTable({
  store,
  snapshot,
  layerId,
  readOnly,
}: {
  store: EditorStore;
  snapshot: EditorSnapshot;
  layerId: string | null;
  readOnly: boolean;
}) {
  const layer = snapshot.layers.find((l) => l.id === layerId) ?? null;
  const rows = useMemo(() => snapshot.features.filter((f) => f.layerId === layerId), [snapshot.features, layerId]);
  const keys = useMemo(() => propertyKeys(rows), [rows]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [newKey, setNewKey] = useState('');
  const locked = readOnly || !!layer?.locked;

  const columns = useMemo<ColumnDef<FeatureRecord>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (f) => showCell(f.properties.name),
        header: ({ column }) => <DataTableColumnHeader column={column} title="Name" />,
        cell: ({ row }) => (
          <Cell
            value={row.original.properties.name}
            label={`Name of feature ${row.index + 1}`}
            readOnly={locked}
            onCommit={(v) => run(() => store.map.setProperties(row.original.id, { name: v }))}
          />
        ),
      },
      {
        id: 'type',
        accessorFn: (f) => f.geometry.type,
        header: ({ column }) => <DataTableColumnHeader column={column} title="Type" />,
        cell: ({ getValue }) => <span className="text-muted-foreground text-xs">{getValue() as string}</span>,
      },
      ...keys.map<ColumnDef<FeatureRecord>>((k) => ({
        id: `p:${k}`,
        accessorFn: (f) => showCell(f.properties[k]),
        header: ({ column }) => (
          <div className="flex items-center gap-1">
            <DataTableColumnHeader column={column} title={k} />
            {!locked && (
              <Button
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove property ${k} from every feature of the layer`}
                onClick={() =>
                  run(() =>
                    store.doc.transact(() => {
                      for (const f of rows) if (k in f.properties) store.map.setProperties(f.id, { [k]: undefined });
                    }, store.map.actor.origin),
                  )
                }
              >
                <X aria-hidden className="size-3.5" />
              </Button>
            )}
          </div>
        ),
        cell: ({ row }) => (
          <Cell
            value={row.original.properties[k]}
            label={`${k} of feature ${row.index + 1}`}
            readOnly={locked}
            onCommit={(v) => run(() => store.map.setProperties(row.original.id, { [k]: v }))}
          />
        ),
      })),
    ],
    [keys, locked, rows, store],
  );

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (f) => f.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize: 50 } },
    autoResetPageIndex: false,
  });

  // A selection made on the map shows its row: go to its page.
  const selected = snapshot.selectedId;
  useEffect(() => {
    if (!selected) return;
    const sortedRows = table.getSortedRowModel().rows;
    const i = sortedRows.findIndex((r) => r.id === selected);
    if (i < 0) return;
    const page = Math.floor(i / table.getState().pagination.pageSize);
    if (page !== table.getState().pagination.pageIndex) table.setPageIndex(page);
    requestAnimationFrame(() => document.querySelector(`[data-feature-row="${selected}"]`)?.scrollIntoView({ block: 'nearest' }));
  }, [selected, table]);

  if (!layer) return <p className="text-muted-foreground text-sm">Choose a layer to see its features.</p>;

  const addKey = () => {
    const k = newKey.trim();
    if (!k || !rows.length) return;
    run(() =>
      store.doc.transact(() => {
        for (const f of rows) if (!(k in f.properties)) store.map.setProperties(f.id, { [k]: '' });
      }, store.map.actor.origin),
    );
    setNewKey('');
  };

  const pages = table.getPageCount();
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-semibold">
        Features of <bdi>{layer.name}</bdi> <span className="text-muted-foreground font-normal">({rows.length})</span>
      </h2>
      {!locked && rows.length > 0 && (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            addKey();
          }}
        >
          <Input
            aria-label="New property name"
            placeholder="New property"
            value={newKey}
            maxLength={100}
            onChange={(e) => setNewKey(e.target.value)}
            className="h-8"
          />
          <Button type="submit" size="sm" variant="outline" disabled={!newKey.trim()}>
            <Plus aria-hidden /> Add property
          </Button>
        </form>
      )}
      <div className="overflow-hidden rounded-md border">
        <Table aria-label={`Properties of ${layer.name}`}>
          <TableHeader>
            {table.getHeaderGroups().map((hg) => (
              <TableRow key={hg.id}>
                {hg.headers.map((h) => (
                  <TableHead
                    key={h.id}
                    aria-sort={
                      h.column.getIsSorted() === 'asc' ? 'ascending' : h.column.getIsSorted() === 'desc' ? 'descending' : undefined
                    }
                  >
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.length ? (
              table.getRowModel().rows.map((row) => (
                <TableRow
                  key={row.id}
                  data-feature-row={row.id}
                  data-state={row.id === selected ? 'selected' : undefined}
                  aria-selected={row.id === selected}
                  onClick={() => store.select(row.id)}
                  className={cn('cursor-pointer', row.id === selected && 'bg-primary/10')}
                >
                  {row.getVisibleCells().map((cell, i) => (
                    <TableCell key={cell.id} className="py-1">
                      {i === 1 ? (
                        <button
                          type="button"
                          className="focus-visible:ring-ring/50 rounded outline-none focus-visible:ring-[3px]"
                          aria-label={`Select feature ${row.index + 1} on the map`}
                          onClick={(e) => {
                            e.stopPropagation();
                            store.select(row.id);
                          }}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </button>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={columns.length} className="text-muted-foreground h-16 text-center">
                  No features in this layer.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <span className="tabular-nums">
            Page {table.getState().pagination.pageIndex + 1} of {pages}
          </span>
          <Button size="sm" variant="outline" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </Button>
          <Button size="sm" variant="outline" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
