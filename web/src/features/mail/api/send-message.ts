import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailMessageResponse, type MailSendBody } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** POST /api/mail/messages: send (a new message, a reply, a forward, or a draft by `draftId`). */
export const sendMessage = async (body: MailSendBody) =>
  (await api('/api/mail/messages', { method: 'POST', body, schema: mailMessageResponse, toast: false })).message;

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: () => void qc.invalidateQueries({ queryKey: mailKeys.all }) });
}
