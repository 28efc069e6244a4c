import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptResult } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** POST /api/invitations/:id/accept | decline. Accept returns the project and the role. */
export async function answerInvitation(id: string, answer: 'accept' | 'decline') {
  if (answer === 'accept') return api(`/api/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST', schema: acceptResult });
  await api<void>(`/api/invitations/${encodeURIComponent(id)}/decline`, { method: 'POST' });
  return null;
}

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => answerInvitation(id, answer),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: projectKeys.all });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
