import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailList, type MailList } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { mailKeys } from './mail-keys';

/** GET /api/mail/messages: the signed-in user's messages, newest first, and the unread count. */
export const getMailMessages = (params: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<MailList> => {
  const q = new URLSearchParams();
  if (params.limit !== undefined) q.set('limit', String(params.limit));
  if (params.offset !== undefined) q.set('offset', String(params.offset));
  const qs = q.toString();
  return api(`/api/mail/messages${qs ? `?${qs}` : ''}`, { signal, schema: mailList, toast: false });
};

export const getMailMessagesQueryOptions = (params: { limit?: number; offset?: number } = {}) =>
  queryOptions({
    queryKey: mailKeys.list(params),
    queryFn: ({ signal }) => getMailMessages(params, signal),
  });

export function useMailMessages(config: Partial<QueryConfig<typeof getMailMessagesQueryOptions>> = {}) {
  return useQuery({ ...getMailMessagesQueryOptions(), ...config });
}
