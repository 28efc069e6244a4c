import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** POST /api/projects/:id/leave (any member; the last owner gets 409 last_owner). */
export function leaveProject(projectId: string) {
  return api<void>(`/api/projects/${encodeURIComponent(projectId)}/leave`, { method: 'POST' });
}

export function useLeaveProject(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => leaveProject(projectId),
    onSuccess: () => {
      qc.removeQueries({ queryKey: projectKeys.detail(projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
