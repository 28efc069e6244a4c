import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailContacts, type MailPerson } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';
import { mailKeys } from './keys';

/** GET /api/mail/contacts?q: people you can write to whose name or email matches. */
export const getContacts = async (q: string, signal?: AbortSignal): Promise<MailPerson[]> =>
  (await api(`/api/mail/contacts?${new URLSearchParams({ q, limit: '8' })}`, { signal, schema: mailContacts, toast: false })).contacts;

export const contactsQueryOptions = (q: string) =>
  queryOptions({ queryKey: mailKeys.contacts(q), queryFn: ({ signal }) => getContacts(q, signal), staleTime: 60_000 });

export function useContacts(q: string, enabled: boolean) {
  return useQuery({ ...contactsQueryOptions(q.trim()), enabled, placeholderData: keepPreviousData });
}
