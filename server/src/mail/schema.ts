import type { ColumnType, Generated } from 'kysely';
import type { MailFolder, MailPerson } from '@waymark/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** One mailbox's copy of a message (0100_auth created it, 0700_mailbox made it a mailbox). */
export interface MessagesTable {
  id: Generated<string>;
  user_id: string | null;
  channel: 'email' | 'sms';
  to_address: string;
  from_address: string;
  subject: Generated<string>;
  body: string;
  links: Json<{ label: string; url: string }[]>;
  kind: Generated<string>;
  read_at: NullableTimestamp;
  created_at: Generated<Date>;
  folder: ColumnType<MailFolder, MailFolder | undefined, MailFolder>;
  origin: ColumnType<'inbox' | 'sent' | 'drafts', 'inbox' | 'sent' | 'drafts' | undefined, 'inbox' | 'sent' | 'drafts'>;
  trashed_from: ColumnType<MailFolder | null, MailFolder | null | undefined, MailFolder | null>;
  starred: Generated<boolean>;
  from_user_id: string | null;
  from_name: Generated<string>;
  recipients: Json<MailPerson[]>;
  cc: Json<MailPerson[]>;
  message_key: Generated<string>;
  thread_key: string | null;
  in_reply_to: string | null;
  updated_at: Timestamp;
}

export interface MailSendLogTable {
  id: Generated<string>;
  user_id: string;
  recipients: number;
  sent_at: Generated<Date>;
}

export interface MailPreferencesTable {
  user_id: string;
  project_invitations: Generated<boolean>;
  mentions: Generated<boolean>;
  task_assigned: Generated<boolean>;
  route_shared: Generated<boolean>;
  smtp: Generated<boolean>;
  updated_at: Timestamp;
}

declare module '../db/schema.ts' {
  interface Database {
    messages: MessagesTable;
    mail_send_log: MailSendLogTable;
    mail_preferences: MailPreferencesTable;
  }
}
