import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** DELETE /api/mail/messages/:id: delete forever (from the trash, or discard a draft). */
export const deleteMessage = (id: string) => api(`/api/mail/messages/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: mailKeys.message(id) });
      void qc.invalidateQueries({ queryKey: mailKeys.lists() });
      void qc.invalidateQueries({ queryKey: mailKeys.counts() });
    },
  });
}
