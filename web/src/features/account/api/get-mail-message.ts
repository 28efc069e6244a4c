import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mailMessageResponse, type MailMessage } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { mailKeys } from './mail-keys';

/** GET /api/mail/messages/:id: one message; the server marks it read. */
export const getMailMessage = async (id: string, signal?: AbortSignal): Promise<MailMessage> =>
  (await api(`/api/mail/messages/${encodeURIComponent(id)}`, { signal, schema: mailMessageResponse, toast: false })).message;

/** Opening a message marks it read: the list (unread badge and count) is refreshed afterwards. */
export const getMailMessageQueryOptions = (id: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: mailKeys.message(id),
    queryFn: async ({ signal }) => {
      const message = await getMailMessage(id, signal);
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists() });
      return message;
    },
  });

/** The message `id` (nothing while `id` is null). */
export function useMailMessage(id: string | null, config: Partial<QueryConfig<typeof getMailMessageQueryOptions>> = {}) {
  const queryClient = useQueryClient();
  return useQuery({ ...getMailMessageQueryOptions(id ?? '', queryClient), enabled: id !== null, ...config });
}
