import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mailList, type MailList } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys, type MailListParams } from './keys';

export const PAGE_SIZE = 30;

/** GET /api/mail/messages: one page of a folder (newest first), filtered by the Unread tab and the search. */
export function getMessages(p: MailListParams, offset: number, signal?: AbortSignal): Promise<MailList> {
  const q = new URLSearchParams({ folder: p.folder, limit: String(PAGE_SIZE), offset: String(offset) });
  if (p.unread) q.set('unread', 'true');
  if (p.q) q.set('q', p.q);
  return api(`/api/mail/messages?${q}`, { signal, schema: mailList, toast: false });
}

export const messagesQueryOptions = (p: MailListParams) =>
  infiniteQueryOptions({
    queryKey: mailKeys.list(p),
    queryFn: ({ pageParam, signal }) => getMessages(p, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The folder's messages, page by page (infinite scroll). */
export function useMessages(p: MailListParams) {
  return useInfiniteQuery(messagesQueryOptions(p));
}
