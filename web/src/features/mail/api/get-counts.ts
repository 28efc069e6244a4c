import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailCounts, type MailCounts } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** How often the mailbox asks for new mail (and the sidebar's unread count follows). */
export const MAIL_POLL_MS = 5_000;

/** GET /api/mail/counts: unread and total per folder, and the newest message. */
export const getCounts = (signal?: AbortSignal): Promise<MailCounts> =>
  api('/api/mail/counts', { signal, schema: mailCounts, toast: false });

export const countsQueryOptions = queryOptions({
  queryKey: mailKeys.counts(),
  queryFn: ({ signal }) => getCounts(signal),
  refetchInterval: MAIL_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
});

export function useMailCounts(enabled = true) {
  return useQuery({ ...countsQueryOptions, enabled });
}
