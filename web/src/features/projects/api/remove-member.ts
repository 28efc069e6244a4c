import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** DELETE /api/projects/:id/members/:userId (owners; anyone for themselves). */
export function removeMember(projectId: string, userId: string) {
  return api<void>(`/api/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(projectId, userId),
    onSettled: () => void qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
