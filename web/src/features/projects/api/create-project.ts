import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectDetail, type CreateProjectBody } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** POST /api/projects. */
export function createProject(body: CreateProjectBody) {
  return api('/api/projects', { method: 'POST', body, schema: projectDetail });
}

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (p) => {
      qc.setQueryData(projectKeys.detail(p.id), p);
      void qc.invalidateQueries({ queryKey: projectKeys.lists() });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
