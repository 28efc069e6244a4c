-- The in-app mailbox becomes a real mailbox (issue 17). Every message row is one mailbox's copy:
-- a message between users has the sender's copy (folder 'sent') and one copy per recipient
-- (folder 'inbox'); system mail (verification, invitations, notices) has only the recipient's copy.

alter table messages add column if not exists folder text not null default 'inbox'
  check (folder in ('inbox', 'sent', 'drafts', 'archive', 'trash'));
-- Where a copy belongs: a received message in the inbox, the sender's copy in Sent, a draft in Drafts
-- ("move to inbox" and restore put it back there).
alter table messages add column if not exists origin text not null default 'inbox'
  check (origin in ('inbox', 'sent', 'drafts'));
-- Where a message in the trash came from (restore puts it back there).
alter table messages add column if not exists trashed_from text
  check (trashed_from is null or trashed_from in ('inbox', 'sent', 'drafts', 'archive'));
alter table messages add column if not exists starred boolean not null default false;
-- The sending account (null for system mail from "Waymark", or when the sender was deleted).
alter table messages add column if not exists from_user_id uuid references users(id) on delete set null;
alter table messages add column if not exists from_name text not null default 'Waymark';
-- [{ id, name, email }] of the To and Cc recipients, as they were when it was written.
alter table messages add column if not exists recipients jsonb not null default '[]'::jsonb;
alter table messages add column if not exists cc jsonb not null default '[]'::jsonb;
-- All copies of one message share a message key; a conversation shares a thread key.
alter table messages add column if not exists message_key uuid not null default gen_random_uuid();
alter table messages add column if not exists thread_key uuid;
alter table messages add column if not exists in_reply_to uuid;
alter table messages add column if not exists updated_at timestamptz not null default now();

create index if not exists messages_folder_idx on messages(user_id, folder, created_at desc);
create index if not exists messages_starred_idx on messages(user_id, created_at desc) where starred;
create index if not exists messages_unread_idx on messages(user_id, folder) where read_at is null;

-- Who sent how many messages when: the per-user send rate counts these (deleting sent copies does not reset it).
create table if not exists mail_send_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  recipients integer not null,
  sent_at timestamptz not null default now()
);
create index if not exists mail_send_log_user_idx on mail_send_log(user_id, sent_at desc);

-- Which events send mail to this account, and whether they also go out by SMTP (see docs/workspace.md).
-- Security mail (verification, recovery, sign-in codes, email change) ignores these: it cannot be turned off.
create table if not exists mail_preferences (
  user_id uuid primary key references users(id) on delete cascade,
  project_invitations boolean not null default true,
  mentions boolean not null default true,
  task_assigned boolean not null default true,
  route_shared boolean not null default true,
  smtp boolean not null default true,
  updated_at timestamptz not null default now()
);
