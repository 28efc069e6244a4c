import type { MailView } from '@waymark/contracts/mail';

export interface MailListParams {
  folder: MailView;
  unread: boolean;
  q: string;
}

/** Query keys of the mailbox: every change to a message refreshes lists and counts (`all`). */
export const mailKeys = {
  all: ['mail'] as const,
  lists: () => [...mailKeys.all, 'messages'] as const,
  list: (p: MailListParams) => [...mailKeys.lists(), p] as const,
  message: (id: string) => [...mailKeys.all, 'message', id] as const,
  counts: () => [...mailKeys.all, 'counts'] as const,
  contacts: (q: string) => [...mailKeys.all, 'contacts', q] as const,
};
