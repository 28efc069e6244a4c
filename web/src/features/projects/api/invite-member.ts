import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteResult, type ProjectInviteBody } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** POST /api/projects/:id/invitations (owners). */
export function inviteMember(projectId: string, body: ProjectInviteBody) {
  return api(`/api/projects/${encodeURIComponent(projectId)}/invitations`, { method: 'POST', body, schema: inviteResult });
}

export function useInviteMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInviteBody) => inviteMember(projectId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: projectKeys.invitations(projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.activity(projectId) });
    },
  });
}
