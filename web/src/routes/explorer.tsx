import { createFileRoute } from '@tanstack/react-router';
// Direct imports: the loader is in the initial bundle and gets only the map preloader; the editor
// stays in this route's lazily loaded chunk.
import { preloadRegionMap } from '@/components/map/region-map';
import { AddRouteButton, addRouteLocally } from '@/features/map-editor/components/add-route';
import { ProjectEditor } from '@/features/map-editor/components/project-editor';
import { SaveAsProject } from '@/features/map-editor/components/save-as-project';
import { ScratchEditor } from '@/features/map-editor/components/scratch-editor';
import { explorerSearchSchema } from '@/features/map-editor/lib/search';

export const Route = createFileRoute('/explorer')({
  validateSearch: explorerSearchSchema,
  head: () => ({ meta: [{ title: 'Project Map Editor' }] }),
  loader: () => preloadRegionMap(),
  component: ExplorerPage,
});

function ExplorerPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (search.project) return <ProjectEditor key={search.project} projectId={search.project} variant="full" />;
  return (
    <ScratchEditor
      region={search.region ?? 'andorra'}
      actions={(doc, userId) => (
        <>
          {userId !== 'local' && <AddRouteButton onAdd={(routeId) => addRouteLocally(doc, userId, routeId)} />}
          <SaveAsProject doc={doc} onSaved={(id) => void navigate({ search: { project: id } })} />
        </>
      )}
    />
  );
}
