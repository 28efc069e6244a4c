import type { MailView } from '@waymark/contracts/mail';
import { Archive, File, Inbox, Send, Star, Trash2, type LucideIcon } from 'lucide-react';

export const FOLDERS: { view: MailView; title: string; icon: LucideIcon }[] = [
  { view: 'inbox', title: 'Inbox', icon: Inbox },
  { view: 'starred', title: 'Starred', icon: Star },
  { view: 'sent', title: 'Sent', icon: Send },
  { view: 'drafts', title: 'Drafts', icon: File },
  { view: 'archive', title: 'Archive', icon: Archive },
  { view: 'trash', title: 'Trash', icon: Trash2 },
];

export const folderTitle = (v: MailView) => FOLDERS.find((f) => f.view === v)?.title ?? 'Inbox';
