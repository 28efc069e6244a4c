import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { PROJECT_STATUSES, type PROJECT_SORTS, type ProjectRole, type ProjectStatus, type ProjectSummary } from '@waymark/contracts';
import { LayoutGrid, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, DataTableColumnHeader, DataTablePagination, DataTableToolbar, useTableUrlState } from '@/components/data-table';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { useProjects } from '../api/list-projects';
import { formatDate, PROJECT_STATUS_LABELS, relativeTime, ROLE_LABELS } from '../lib/status';
import { MemberAvatars } from './member-avatars';
import { StatusBadge } from './status-badge';

export interface ListSearch {
  q?: string;
  status?: ProjectStatus[];
  role?: ProjectRole[];
  sort?: (typeof PROJECT_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  [k: string]: unknown;
}

const DEFAULT_PAGE_SIZE = 10;

const columns: ColumnDef<ProjectSummary>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    meta: { title: 'Name' },
    enableHiding: false,
    header: ({ column }) => <DataTableColumnHeader column={column} title="Name" />,
    cell: ({ row }) => (
      <div className="flex max-w-[18rem] min-w-[10rem] items-center gap-2">
        {row.original.cover.emoji && <span aria-hidden>{row.original.cover.emoji}</span>}
        <NavLink to={`/dashboard/projects/view?id=${row.original.id}`} className="truncate font-medium hover:underline">
          <bdi>{row.original.name}</bdi>
        </NavLink>
      </div>
    ),
  },
  {
    id: 'status',
    accessorKey: 'status',
    meta: { title: 'Status' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  {
    id: 'place',
    accessorFn: (p) => p.location?.placeName ?? '',
    meta: { title: 'Place', className: 'hidden md:table-cell' },
    enableSorting: false,
    header: 'Place',
    cell: ({ row }) => <bdi className="text-muted-foreground block max-w-[14rem] truncate">{row.original.location?.placeName || '—'}</bdi>,
  },
  {
    id: 'role',
    accessorKey: 'role',
    meta: { title: 'Your role' },
    enableSorting: false,
    header: 'Your role',
    cell: ({ row }) => ROLE_LABELS[row.original.role],
  },
  {
    id: 'members',
    accessorFn: (p) => p.memberCount,
    meta: { title: 'Members', className: 'hidden sm:table-cell' },
    enableSorting: false,
    header: 'Members',
    cell: ({ row }) => <MemberAvatars members={row.original.members.slice(0, 3)} total={row.original.memberCount} />,
  },
  {
    id: 'tasks',
    accessorFn: (p) => p.tasks.total,
    meta: { title: 'Tasks', className: 'hidden lg:table-cell' },
    enableSorting: false,
    header: 'Tasks',
    cell: ({ row }) => (
      <bdi dir="ltr" className="tabular-nums">
        {row.original.tasks.done}/{row.original.tasks.total}
      </bdi>
    ),
  },
  {
    id: 'created',
    accessorKey: 'createdAt',
    meta: { title: 'Created', className: 'hidden xl:table-cell' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Created" />,
    cell: ({ row }) => <bdi>{formatDate(row.original.createdAt)}</bdi>,
  },
  {
    id: 'updated',
    accessorKey: 'updatedAt',
    meta: { title: 'Updated' },
    header: ({ column }) => <DataTableColumnHeader column={column} title="Updated" />,
    cell: ({ row }) => (
      <time dateTime={row.original.updatedAt}>
        <bdi>{relativeTime(row.original.updatedAt)}</bdi>
      </time>
    ),
  },
];

/** /dashboard/projects/list: the same projects as a data table; filter, sort and page live in the URL. */
export function ProjectsTablePage({
  search,
  navigate,
}: {
  search: ListSearch;
  navigate: (update: (prev: ListSearch) => ListSearch) => void;
}) {
  const state = useTableUrlState({ search, navigate, defaultPageSize: DEFAULT_PAGE_SIZE, filterKeys: ['status', 'role'] });
  const { data, isLoading, isFetching } = useProjects({
    q: search.q,
    status: search.status?.join(','),
    role: search.role?.join(','),
    sort: search.sort ?? 'updated',
    order: search.order,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const items = useMemo(() => data?.items ?? [], [data]);
  // TanStack Table's instance is mutable by design: the compiler leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getRowId: (p) => p.id,
    state: {
      pagination: state.pagination,
      sorting: state.sorting,
      columnFilters: state.columnFilters,
      globalFilter: state.globalFilter,
      columnVisibility: visibility,
    },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data?.total ?? 0,
    enableSortingRemoval: false,
    onPaginationChange: state.onPaginationChange,
    onSortingChange: state.onSortingChange,
    onColumnFiltersChange: state.onColumnFiltersChange,
    onGlobalFilterChange: state.onGlobalFilterChange,
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
  });
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (data) state.ensurePageInRange(pageCount);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, pageCount]);
  const counts = data?.statusCounts ?? {};

  return (
    <div className="grid gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Projects</h1>
          <p className="text-muted-foreground text-sm">
            All your projects in a table: filter, sort and page through them. The view is kept in the address.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <NavLink to="/dashboard/projects">
              <LayoutGrid aria-hidden /> Cards
            </NavLink>
          </Button>
          <Button asChild>
            <NavLink to="/dashboard/projects/add">
              <Plus aria-hidden /> New project
            </NavLink>
          </Button>
        </div>
      </div>
      <DataTableToolbar
        table={table}
        searchPlaceholder="Filter projects…"
        filters={[
          {
            columnId: 'status',
            title: 'Status',
            options: PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s], count: counts[s] ?? 0 })),
          },
          {
            columnId: 'role',
            title: 'Your role',
            options: (['owner', 'editor', 'viewer'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] })),
          },
        ]}
      />
      <DataTable
        table={table}
        loading={isLoading || (isFetching && !data)}
        label="Projects"
        empty={state.isFiltered ? 'No project matches these filters.' : 'No projects yet.'}
      />
      <DataTablePagination table={table} total={data?.total} />
    </div>
  );
}
