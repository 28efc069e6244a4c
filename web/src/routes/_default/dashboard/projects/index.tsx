import { createFileRoute } from '@tanstack/react-router';
import { PROJECT_STATUSES } from '@waymark/contracts';
import { useCallback } from 'react';
import { z } from 'zod';
import { ProjectsPage, type CardsSearch } from '@/features/projects/components/projects-page';

// Invalid values are dropped (never an error page).
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.array(z.enum(PROJECT_STATUSES)).max(5).optional().catch(undefined),
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
});

export const Route = createFileRoute('/_default/dashboard/projects/')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Projects · Waymark' }] }),
  component: ProjectsRoute,
});

function ProjectsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: CardsSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <ProjectsPage search={search} onSearch={onSearch} onOpen={(id) => void navigate({ to: '/dashboard/projects/view', search: { id } })} />
  );
}
