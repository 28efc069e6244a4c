import { createFileRoute } from '@tanstack/react-router';
import { PROJECT_ROLES, PROJECT_SORTS, PROJECT_STATUSES } from '@waymark/contracts';
import { z } from 'zod';
import { dropInvalid, tableSearchSchema, useReplaceSearch } from '@/components/data-table/url-search';
import { ProjectsTablePage, type ListSearch } from '@/features/projects/components/projects-table-page';

// Filter, sort and pagination of the table, validated; invalid values are dropped.
const searchSchema = tableSearchSchema(
  {
    status: dropInvalid(z.array(z.enum(PROJECT_STATUSES)).max(5)),
    role: dropInvalid(z.array(z.enum(PROJECT_ROLES)).max(3)),
  },
  PROJECT_SORTS,
);

export const Route = createFileRoute('/_default/dashboard/projects/list')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Projects list · Waymark' }] }),
  component: ListRoute,
});

function ListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = useReplaceSearch<ListSearch>(navigate);
  return <ProjectsTablePage search={search} navigate={update} />;
}
