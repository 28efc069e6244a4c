import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** DELETE /api/projects/:id (owners): the project, its members, documents and activity. */
export function deleteProject(id: string) {
  return api<void>(`/api/projects/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: projectKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: projectKeys.lists() });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
