import type { Table } from '@tanstack/react-table';
import type { Task, TaskPriority, TaskStatus } from '@waymark/contracts/tasks';
import { ArrowUpDown, CircleArrowUp, Download, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/errors';
import { useBulkUpdateTasks } from '../api/bulk-update-tasks';
import { priorityOptions, statusOptions, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, tasksToCsv } from '../lib/meta';
import { downloadCsv } from '../lib/download';
import { useTasksContext } from './tasks-provider';

/** The bar shown while rows are selected: change status or priority, export or delete them (after shadcn-admin's bulk actions). */
export function BulkActions({ table }: { table: Table<Task> }) {
  const { setOpen, setRowSelection } = useTasksContext();
  const rows = table.getSelectedRowModel().rows.map((r) => r.original);
  const bulk = useBulkUpdateTasks();
  if (rows.length === 0) return null;
  const readOnly = rows.some((t) => !t.canEdit);
  const ids = rows.map((t) => t.id);
  const apply = (change: { status?: TaskStatus; priority?: TaskPriority }, what: string) =>
    bulk.mutate(
      { ids, ...change },
      {
        onSuccess: (r) => toast.success(`${r.updated} task${r.updated === 1 ? '' : 's'} ${what}`),
        onError: (err) => toast.error(errorMessage(err, 'Could not change the tasks')),
      },
    );
  return (
    <div
      role="toolbar"
      aria-label="Selected tasks"
      className="bg-background fixed inset-x-0 bottom-4 z-40 mx-auto flex w-fit max-w-[calc(100vw-1rem)] flex-wrap items-center justify-center gap-1.5 rounded-xl border p-2 shadow-xl"
    >
      <span className="px-2 text-sm font-medium" aria-live="polite">
        {rows.length} selected
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            disabled={readOnly || bulk.isPending}
            title={readOnly ? 'Some selected tasks are read-only for you' : undefined}
          >
            <CircleArrowUp aria-hidden /> Status
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="center" side="top">
          <DropdownMenuLabel>Set status</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {statusOptions.map((o) => (
            <DropdownMenuItem key={o.value} onSelect={() => apply({ status: o.value }, `set to ${TASK_STATUS_LABELS[o.value]}`)}>
              <o.icon aria-hidden /> {o.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" disabled={readOnly || bulk.isPending}>
            <ArrowUpDown aria-hidden /> Priority
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="center" side="top">
          <DropdownMenuLabel>Set priority</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {priorityOptions.map((o) => (
            <DropdownMenuItem
              key={o.value}
              onSelect={() => apply({ priority: o.value }, `set to ${TASK_PRIORITY_LABELS[o.value]} priority`)}
            >
              <o.icon aria-hidden /> {o.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Button variant="outline" size="sm" onClick={() => downloadCsv(tasksToCsv(rows), 'tasks-selected')}>
        <Download aria-hidden /> Export
      </Button>
      <Button variant="destructive" size="sm" className="dark:bg-destructive/60" disabled={readOnly} onClick={() => setOpen('bulk-delete')}>
        <Trash2 aria-hidden /> Delete
      </Button>
      <Button variant="ghost" size="icon" className="size-8" aria-label="Clear selection" onClick={() => setRowSelection({})}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
