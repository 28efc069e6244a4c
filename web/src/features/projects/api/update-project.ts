import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectDetail, type PatchProjectBody } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** PATCH /api/projects/:id (editors and owners). */
export function updateProject(id: string, body: PatchProjectBody) {
  return api(`/api/projects/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: projectDetail });
}

export function useUpdateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchProjectBody) => updateProject(id, body),
    onSuccess: (p) => {
      qc.setQueryData(projectKeys.detail(id), p);
      void qc.invalidateQueries({ queryKey: projectKeys.activity(id) });
      void qc.invalidateQueries({ queryKey: projectKeys.lists() });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
