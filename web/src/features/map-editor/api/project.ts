import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { projectDetail, type CreateProjectBody } from '@waymark/contracts';
import { api } from '@/lib/api-client';

/** GET /api/projects/:id — the editor needs the name, the user's role and the location. */
export const editorProjectQuery = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(id)}`, { signal, schema: projectDetail, toast: false }),
    retry: false,
  });

export function useEditorProject(id: string) {
  return useQuery(editorProjectQuery(id));
}

/** POST /api/projects (saving the scratch map as a new project). */
export function useCreateProjectForMap() {
  return useMutation({
    mutationFn: (body: CreateProjectBody) => api('/api/projects', { method: 'POST', body, schema: projectDetail }),
  });
}
