// Shared data-table pieces (after shadcn-admin's src/components/data-table): features bring their columns.
export { DataTable } from './data-table';
export { DataTableColumnHeader } from './column-header';
export { DataTableFacetedFilter, type FacetOption } from './faceted-filter';
export { DataTablePagination } from './pagination';
export { DataTableToolbar, type ToolbarFilter } from './toolbar';
export { DataTableViewOptions } from './view-options';
export { useTableUrlState, type TableUrlSearch } from './use-table-url-state';
