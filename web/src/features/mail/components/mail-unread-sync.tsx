import { useEffect } from 'react';
import { setNavBadge } from '@/lib/account-display';
import { useMailCounts } from '../api/get-counts';

/** Keeps the sidebar's Email entry showing the inbox's unread count (polled; shares the mailbox's query). */
export function MailUnreadSync() {
  const counts = useMailCounts();
  const unread = counts.data?.unread ?? 0;
  useEffect(() => setNavBadge('/email', unread), [unread]);
  return null;
}
