import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitation, invitationList } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/invitations: pending invitations to the signed-in user's verified email. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.myInvitations(),
    queryFn: ({ signal }) => api('/api/invitations', { signal, schema: invitationList }),
    staleTime: 15_000,
  });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}

/** GET /api/invitations/:id (404 once answered, revoked or expired). */
export const invitationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.invitation(id),
    queryFn: ({ signal }) => api(`/api/invitations/${encodeURIComponent(id)}`, { signal, schema: invitation, toast: false }),
    retry: false,
  });

export function useInvitation(id: string) {
  return useQuery(invitationQueryOptions(id));
}
