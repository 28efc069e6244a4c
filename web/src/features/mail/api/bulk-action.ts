import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailBulkResponse, type MailBulkBody } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** POST /api/mail/messages/bulk: one action on the selected messages. */
export const bulkAction = async (body: MailBulkBody) =>
  (await api('/api/mail/messages/bulk', { method: 'POST', body, schema: mailBulkResponse })).updated;

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bulkAction, onSuccess: () => void qc.invalidateQueries({ queryKey: mailKeys.all }) });
}
