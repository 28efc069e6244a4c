import type { ColumnDef } from '@tanstack/react-table';
import type { Task } from '@waymark/contracts/tasks';
import { DataTableColumnHeader } from '@/components/data-table';
import { NavLink } from '@/components/layout/nav-link';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import { formatDue, isOverdue, PRIORITY_ICONS, STATUS_ICONS, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../lib/meta';
import { RowActions } from './row-actions';

/** Column ids double as the API's sort keys (title, status, priority, label, due, project, assignee, created, updated). */
export function taskColumns({ showProject }: { showProject: boolean }): ColumnDef<Task>[] {
  const cols: ColumnDef<Task>[] = [
    {
      id: 'select',
      header: ({ table }) => (
        <Checkbox
          checked={table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() && 'indeterminate')}
          onCheckedChange={(v) => table.toggleAllPageRowsSelected(!!v)}
          aria-label="Select all on this page"
          className="translate-y-[2px]"
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(v) => row.toggleSelected(!!v)}
          aria-label={`Select ${row.original.title}`}
          className="translate-y-[2px]"
        />
      ),
      enableSorting: false,
      enableHiding: false,
      meta: { className: 'w-8' },
    },
    {
      id: 'title',
      accessorKey: 'title',
      meta: { title: 'Title', className: 'min-w-[9rem] whitespace-normal sm:max-w-[20rem]' },
      enableHiding: false,
      header: ({ column }) => <DataTableColumnHeader column={column} title="Title" />,
      cell: ({ row, table }) => {
        // The label shows as a badge before the title while its own column is hidden (the default).
        const badge = row.original.label && !table.getColumn('label')?.getIsVisible();
        return (
          <div className="flex flex-col gap-0.5">
            <span className="line-clamp-2 font-medium sm:line-clamp-1" title={row.original.title}>
              {badge && (
                <Badge variant="outline" className="me-2 align-middle">
                  <bdi>{row.original.label}</bdi>
                </Badge>
              )}
              <bdi>{row.original.title}</bdi>
            </span>
            {row.original.description && (
              <span className="text-muted-foreground hidden text-xs sm:line-clamp-1">
                <bdi>{row.original.description}</bdi>
              </span>
            )}
          </div>
        );
      },
    },
    {
      id: 'label',
      accessorKey: 'label',
      meta: { title: 'Label', className: 'hidden md:table-cell' },
      // hidden by default: shown as a badge in the title instead
      header: ({ column }) => <DataTableColumnHeader column={column} title="Label" />,
      cell: ({ row }) =>
        row.original.label ? (
          <Badge variant="outline">
            <bdi>{row.original.label}</bdi>
          </Badge>
        ) : null,
    },
    {
      id: 'status',
      accessorKey: 'status',
      meta: { title: 'Status' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
      cell: ({ row }) => {
        const Icon = STATUS_ICONS[row.original.status];
        return (
          <span className="flex items-center gap-2 whitespace-nowrap" data-status={row.original.status}>
            <Icon aria-hidden className="text-muted-foreground size-4" />
            {TASK_STATUS_LABELS[row.original.status]}
          </span>
        );
      },
    },
    {
      id: 'priority',
      accessorKey: 'priority',
      meta: { title: 'Priority', className: 'hidden sm:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Priority" />,
      cell: ({ row }) => {
        const Icon = PRIORITY_ICONS[row.original.priority];
        return (
          <span
            className={cn(
              'flex items-center gap-2 whitespace-nowrap',
              row.original.priority === 'critical' && 'text-destructive font-medium',
            )}
          >
            <Icon aria-hidden className="size-4 opacity-70" />
            {TASK_PRIORITY_LABELS[row.original.priority]}
          </span>
        );
      },
    },
  ];
  if (showProject) {
    cols.push({
      id: 'project',
      accessorFn: (t) => t.project.name,
      meta: { title: 'Project', className: 'hidden lg:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Project" />,
      cell: ({ row }) => (
        <NavLink
          to={`/dashboard/projects/view?id=${encodeURIComponent(row.original.project.id)}`}
          className="block max-w-[11rem] truncate hover:underline"
        >
          <bdi>{row.original.project.name}</bdi>
        </NavLink>
      ),
    });
  }
  cols.push(
    {
      id: 'assignee',
      accessorFn: (t) => t.assignee?.name ?? '',
      meta: { title: 'Assignee', className: 'hidden md:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Assignee" />,
      cell: ({ row }) =>
        row.original.assignee ? (
          <bdi className="block max-w-[10rem] truncate">{row.original.assignee.name}</bdi>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'due',
      accessorKey: 'dueDate',
      meta: { title: 'Due', className: 'hidden sm:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Due" />,
      cell: ({ row }) => {
        const late = isOverdue(row.original);
        return (
          <span className={cn('whitespace-nowrap', late && 'text-destructive font-medium')}>
            <bdi>{formatDue(row.original.dueDate)}</bdi>
            {late && <span className="sr-only"> (overdue)</span>}
          </span>
        );
      },
    },
    {
      id: 'created',
      accessorKey: 'createdAt',
      meta: { title: 'Created', className: 'hidden xl:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Created" />,
      cell: ({ row }) => <bdi className="whitespace-nowrap">{new Date(row.original.createdAt).toLocaleDateString()}</bdi>,
    },
    {
      id: 'updated',
      accessorKey: 'updatedAt',
      meta: { title: 'Updated', className: 'hidden xl:table-cell' },
      header: ({ column }) => <DataTableColumnHeader column={column} title="Updated" />,
      cell: ({ row }) => <bdi className="whitespace-nowrap">{new Date(row.original.updatedAt).toLocaleDateString()}</bdi>,
    },
    {
      id: 'actions',
      enableSorting: false,
      enableHiding: false,
      meta: { className: 'w-10' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RowActions row={row} />,
    },
  );
  return cols;
}
