import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** DELETE /api/projects/:id/invitations/:invitationId (owners). */
export function revokeInvitation(projectId: string, invitationId: string) {
  return api<void>(`/api/projects/${encodeURIComponent(projectId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}

export function useRevokeInvitation(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(projectId, invitationId),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: projectKeys.invitations(projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.activity(projectId) });
    },
  });
}
