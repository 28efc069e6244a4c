import type { ColumnFiltersState, OnChangeFn, PaginationState, SortingState, VisibilityState } from '@tanstack/react-table';
import { useMemo } from 'react';

/**
 * The table's state lives in the URL's validated search params (the route's zod schema):
 * `page` (1-based), `pageSize`, `sort` + `order`, `q` (global search) and one array param per
 * faceted filter, and (optionally) `hide`, the ids of hidden columns. This hook turns them into TanStack Table state and writes changes back through
 * the router's navigate, so reload, back/forward and shared links keep the view.
 */
export interface TableUrlSearch {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
  /** ids of the hidden columns (when the page keeps column visibility in the URL) */
  hide?: string[];
  [filter: string]: unknown;
}

export interface UseTableUrlStateOptions<S extends TableUrlSearch> {
  search: S;
  /** Replace search params (the route's navigate with `search: (prev) => …`). */
  navigate: (update: (prev: S) => S) => void;
  defaultPageSize?: number;
  /** Ids of the columns whose filters are arrays of values in the URL (e.g. ['status']). */
  filterKeys?: string[];
  /** Columns hidden while the URL has no `hide` (column visibility is kept in the URL when given). */
  defaultHidden?: string[];
}

export function useTableUrlState<S extends TableUrlSearch>({
  search,
  navigate,
  defaultPageSize = 10,
  filterKeys = [],
  defaultHidden = [],
}: UseTableUrlStateOptions<S>) {
  const pagination: PaginationState = { pageIndex: Math.max(0, (search.page ?? 1) - 1), pageSize: search.pageSize ?? defaultPageSize };
  const sorting: SortingState = useMemo(
    () => (search.sort ? [{ id: search.sort, desc: search.order === 'desc' }] : []),
    [search.sort, search.order],
  );
  const filterKey = JSON.stringify(filterKeys.map((k) => [k, search[k]]));
  const columnFilters: ColumnFiltersState = useMemo(
    () => (JSON.parse(filterKey) as [string, unknown][]).flatMap(([id, v]) => (Array.isArray(v) && v.length ? [{ id, value: v }] : [])),
    [filterKey],
  );
  const globalFilter = search.q ?? '';

  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = typeof updater === 'function' ? updater(pagination) : updater;
    navigate((prev) => ({
      ...prev,
      page: next.pageIndex + 1 <= 1 ? undefined : next.pageIndex + 1,
      pageSize: next.pageSize === defaultPageSize ? undefined : next.pageSize,
    }));
  };
  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    navigate((prev) => ({ ...prev, page: undefined, sort: first?.id, order: first ? (first.desc ? 'desc' : 'asc') : undefined }));
  };
  const onColumnFiltersChange: OnChangeFn<ColumnFiltersState> = (updater) => {
    const next = typeof updater === 'function' ? updater(columnFilters) : updater;
    navigate((prev) => {
      const out: S = { ...prev, page: undefined };
      for (const k of filterKeys) {
        const f = next.find((x) => x.id === k);
        (out as Record<string, unknown>)[k] = Array.isArray(f?.value) && f.value.length ? f.value : undefined;
      }
      return out;
    });
  };
  const onGlobalFilterChange: OnChangeFn<string> = (updater) => {
    const next = typeof updater === 'function' ? updater(globalFilter) : updater;
    navigate((prev) => ({ ...prev, page: undefined, q: next ? String(next) : undefined }));
  };
  /** Go back to page 1 when the current page is past the end (e.g. after a filter or delete). */
  const ensurePageInRange = (pageCount: number) => {
    if (pageCount > 0 && pagination.pageIndex >= pageCount) navigate((prev) => ({ ...prev, page: pageCount <= 1 ? undefined : pageCount }));
  };
  const reset = () =>
    navigate((prev) => {
      const out: S = { ...prev, page: undefined, q: undefined };
      for (const k of filterKeys) (out as Record<string, unknown>)[k] = undefined;
      return out;
    });
  const isFiltered = globalFilter !== '' || columnFilters.length > 0;

  const hidden = search.hide ?? defaultHidden;
  const hiddenKey = hidden.join(',');
  const columnVisibility: VisibilityState = useMemo(
    () =>
      Object.fromEntries(
        hiddenKey
          .split(',')
          .filter(Boolean)
          .map((id) => [id, false]),
      ),
    [hiddenKey],
  );
  const onColumnVisibilityChange: OnChangeFn<VisibilityState> = (updater) => {
    const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
    const hide = Object.keys(next)
      .filter((k) => next[k] === false)
      .sort();
    const same = hide.join(',') === [...defaultHidden].sort().join(',');
    navigate((prev) => ({ ...prev, hide: same ? undefined : hide }));
  };

  return {
    pagination,
    sorting,
    columnFilters,
    globalFilter,
    onPaginationChange,
    onSortingChange,
    onColumnFiltersChange,
    onGlobalFilterChange,
    ensurePageInRange,
    reset,
    isFiltered,
    columnVisibility,
    onColumnVisibilityChange,
  };
}
