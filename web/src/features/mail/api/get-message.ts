import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mailMessageResponse, type MailMessage } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** GET /api/mail/messages/:id: one message; the server marks it read. */
export const getMessage = async (id: string, signal?: AbortSignal): Promise<MailMessage> =>
  (await api(`/api/mail/messages/${encodeURIComponent(id)}`, { signal, schema: mailMessageResponse, toast: false })).message;

/** Opening a message marks it read: the lists and counts refresh afterwards. */
export const messageQueryOptions = (id: string, qc: QueryClient) =>
  queryOptions({
    queryKey: mailKeys.message(id),
    queryFn: async ({ signal }) => {
      const m = await getMessage(id, signal);
      void qc.invalidateQueries({ queryKey: mailKeys.lists() });
      void qc.invalidateQueries({ queryKey: mailKeys.counts() });
      return m;
    },
    staleTime: 30_000,
  });

export function useMessage(id: string | null) {
  const qc = useQueryClient();
  return useQuery({ ...messageQueryOptions(id ?? '', qc), enabled: id !== null, retry: false });
}
