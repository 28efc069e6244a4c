import { createFileRoute } from '@tanstack/react-router';
import { MailboxPage } from '@/features/account/mailbox-page';

export const Route = createFileRoute('/_default/email')({
  head: () => ({ meta: [{ title: 'Mailbox · Waymark' }] }),
  component: MailboxPage,
});
