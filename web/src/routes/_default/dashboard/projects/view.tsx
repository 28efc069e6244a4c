import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ProjectEditor } from '@/features/map-editor/components/project-editor';
import { ProjectViewPage } from '@/features/projects/components/project-view-page';
import { ProjectTasks } from '@/features/tasks/components/project-tasks';

const searchSchema = z.object({ id: z.string().max(64).catch('') });

export const Route = createFileRoute('/_default/dashboard/projects/view')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Project Map Editor' }] }),
  component: ViewRoute,
});

function ViewRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProjectViewPage
      key={id}
      id={id}
      onGone={() => void navigate({ to: '/dashboard/projects' })}
      mapArea={id ? <ProjectEditor projectId={id} variant="embedded" /> : undefined}
      tasks={(p) => <ProjectTasks projectId={p.id} canEdit={p.canEdit} />}
    />
  );
}
