import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ListTasksQuery, Task, TaskFacetCount, TaskPriority, TaskSort, TaskStatus } from '@waymark/contracts/tasks';
import { UNASSIGNED } from '@waymark/contracts/tasks';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DataTable, DataTablePagination, DataTableToolbar, useTableUrlState, type FacetOption } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { listTasks, useTasks } from '../api/list-tasks';
import { downloadCsv } from '../lib/download';
import { priorityOptions, statusOptions, tasksToCsv } from '../lib/meta';
import { BulkActions } from './bulk-actions';
import { taskColumns } from './columns';
import { useTasksContext } from './tasks-provider';

/** The table's view as kept in the URL (validated by the route). */
export interface TasksSearch {
  q?: string;
  status?: TaskStatus[];
  priority?: TaskPriority[];
  label?: string[];
  project?: string[];
  assignee?: string[];
  sort?: TaskSort;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  hide?: string[];
  [k: string]: unknown;
}

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_HIDDEN = ['label', 'created', 'updated'];
/** Most rows "Export" writes (it pages through the API 100 at a time). */
export const EXPORT_MAX = 10_000;

/** Facet options: the values the server counted, plus any value chosen in the URL that has no task now (count 0). */
function facetOptions(counts: TaskFacetCount[] | undefined, chosen: string[] | undefined, name: (v: string) => string): FacetOption[] {
  const out: FacetOption[] = (counts ?? []).map((c) => ({ value: c.value, label: c.label, count: c.count }));
  for (const v of chosen ?? []) if (!out.some((o) => o.value === v)) out.push({ value: v, label: name(v), count: 0 });
  return out;
}

/**
 * The tasks data table (after shadcn-admin's tasks table): server-side search, faceted filters,
 * sort and pages, all from `search` (the URL on /tasks, local state on a project page), row
 * selection with bulk actions, column visibility and CSV export. `projectId` fixes the table to one
 * project (its project column and filter are left out).
 */
export function TasksTable({
  search,
  navigate,
  projectId,
  label = 'Tasks',
}: {
  search: TasksSearch;
  navigate: (update: (prev: TasksSearch) => TasksSearch) => void;
  projectId?: string;
  label?: string;
}) {
  const { rowSelection, setRowSelection } = useTasksContext();
  const filterKeys = projectId ? ['status', 'priority', 'label', 'assignee'] : ['status', 'priority', 'label', 'project', 'assignee'];
  const state = useTableUrlState({ search, navigate, defaultPageSize: DEFAULT_PAGE_SIZE, filterKeys, defaultHidden: DEFAULT_HIDDEN });
  const query: ListTasksQuery = {
    q: search.q,
    status: search.status?.join(','),
    priority: search.priority?.join(','),
    label: search.label?.join(','),
    project: projectId ?? search.project?.join(','),
    assignee: search.assignee?.join(','),
    sort: search.sort ?? 'updated',
    order: search.order,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  const { data, isLoading, isFetching, isError, error, refetch } = useTasks(query);
  const items = useMemo(() => data?.items ?? [], [data]);
  const columns = useMemo(() => taskColumns({ showProject: !projectId }), [projectId]);

  // A new page, filter or sort starts a new selection (bulk actions act on what is shown).
  const viewKey = JSON.stringify({ ...query, page: undefined });
  const pageKey = `${viewKey}|${query.page}|${query.pageSize}`;
  useEffect(() => {
    setRowSelection({});
  }, [pageKey, setRowSelection]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 is not React-Compiler safe; we do not compile this
  const table = useReactTable<Task>({
    data: items,
    columns,
    getRowId: (t) => t.id,
    state: {
      pagination: state.pagination,
      sorting: state.sorting,
      columnFilters: state.columnFilters,
      globalFilter: state.globalFilter,
      columnVisibility: state.columnVisibility,
      rowSelection,
    },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: true,
    rowCount: data?.total ?? 0,
    enableSortingRemoval: false,
    onPaginationChange: state.onPaginationChange,
    onSortingChange: state.onSortingChange,
    onColumnFiltersChange: state.onColumnFiltersChange,
    onGlobalFilterChange: state.onGlobalFilterChange,
    onColumnVisibilityChange: state.onColumnVisibilityChange,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
  });
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (data) state.ensurePageInRange(pageCount);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, pageCount]);

  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      const all: Task[] = [];
      for (let page = 1; ; page++) {
        const r = await listTasks({ ...query, page, pageSize: 100 });
        all.push(...r.items);
        if (r.items.length < 100 || all.length >= r.total || all.length >= EXPORT_MAX) {
          if (r.total > all.length) toast.info(`Exported the first ${all.length} of ${r.total} tasks`);
          break;
        }
      }
      downloadCsv(tasksToCsv(all.slice(0, EXPORT_MAX)), 'tasks');
      toast.success(`${Math.min(all.length, EXPORT_MAX)} task${all.length === 1 ? '' : 's'} exported`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not export the tasks'));
    } finally {
      setExporting(false);
    }
  };

  const f = data?.facets;
  const filters = [
    {
      columnId: 'status',
      title: 'Status',
      options: statusOptions.map((o) => ({ ...o, count: f?.status.find((x) => x.value === o.value)?.count ?? 0 })),
    },
    {
      columnId: 'priority',
      title: 'Priority',
      options: priorityOptions.map((o) => ({ ...o, count: f?.priority.find((x) => x.value === o.value)?.count ?? 0 })),
    },
    { columnId: 'label', title: 'Label', options: facetOptions(f?.label, search.label, (v) => v) },
    ...(projectId ? [] : [{ columnId: 'project', title: 'Project', options: facetOptions(f?.project, search.project, () => 'Project') }]),
    {
      columnId: 'assignee',
      title: 'Assignee',
      options: facetOptions(f?.assignee, search.assignee, (v) => (v === UNASSIGNED ? 'No assignee' : 'Someone')),
    },
  ];

  return (
    <div className="grid gap-3">
      <DataTableToolbar table={table} searchPlaceholder="Filter tasks…" filters={filters}>
        <Button variant="outline" size="sm" className="h-8" onClick={() => void exportAll()} disabled={exporting || !data?.total}>
          <Download aria-hidden /> {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </DataTableToolbar>
      {isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-4 text-sm">
          <span>{errorMessage(error, 'Could not load the tasks')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DataTable
          table={table}
          loading={isLoading || (isFetching && !data)}
          label={label}
          empty={state.isFiltered ? 'No task matches these filters.' : 'No tasks yet.'}
        />
      )}
      <DataTablePagination table={table} total={data?.total} />
      <BulkActions table={table} />
    </div>
  );
}
