import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailMessageResponse, type MailUpdateBody } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** PATCH /api/mail/messages/:id: read/unread, star, archive, trash, back to the inbox (restore). */
export const updateMessage = async ({ id, ...body }: MailUpdateBody & { id: string }) =>
  (await api(`/api/mail/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: mailMessageResponse })).message;

export function useUpdateMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: (m) => {
      qc.setQueryData(mailKeys.message(m.id), m);
      void qc.invalidateQueries({ queryKey: mailKeys.lists() });
      void qc.invalidateQueries({ queryKey: mailKeys.counts() });
    },
  });
}
