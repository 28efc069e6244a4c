import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectRole } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** PATCH /api/projects/:id/members/:userId (owners). */
export function changeRole(projectId: string, userId: string, role: ProjectRole) {
  return api(`/api/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });
}

export function useChangeRole(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProjectRole }) => changeRole(projectId, userId, role),
    onSettled: () => void qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
