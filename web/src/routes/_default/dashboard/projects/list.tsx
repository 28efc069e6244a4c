import { createFileRoute } from '@tanstack/react-router';
import { PROJECT_ROLES, PROJECT_SORTS, PROJECT_STATUSES } from '@waymark/contracts';
import { useCallback } from 'react';
import { z } from 'zod';
import { ProjectsTablePage, type ListSearch } from '@/features/projects/components/projects-table-page';

// Filter, sort and pagination of the table, validated; invalid values are dropped.
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.array(z.enum(PROJECT_STATUSES)).max(5).optional().catch(undefined),
  role: z.array(z.enum(PROJECT_ROLES)).max(3).optional().catch(undefined),
  sort: z.enum(PROJECT_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  pageSize: z
    .union([z.literal(10), z.literal(20), z.literal(30), z.literal(50)])
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_default/dashboard/projects/list')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Projects list · Waymark' }] }),
  component: ListRoute,
});

function ListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = useCallback(
    (fn: (prev: ListSearch) => ListSearch) => void navigate({ search: (prev) => fn(prev as ListSearch) as never, replace: true }),
    [navigate],
  );
  return <ProjectsTablePage search={search} navigate={update} />;
}
