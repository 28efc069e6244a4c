import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationList } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects/:id/invitations: pending invitations (owners only). */
export const projectInvitationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.invitations(id),
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(id)}/invitations`, { signal, schema: invitationList }),
  });

export function useProjectInvitations(id: string, enabled: boolean) {
  return useQuery({ ...projectInvitationsQueryOptions(id), enabled });
}
