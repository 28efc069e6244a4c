-- AI map chat history (ai module): one row per chat message of a user, in the AI SDK's UI message
-- shape (role + parts: text, tool calls with their inputs and results). Kept per user, newest
-- 200 messages; removed with the user.

create table if not exists ai_messages (
  id text primary key check (length(id) between 1 and 64),
  user_id uuid not null references users(id) on delete cascade,
  seq bigserial not null,
  role text not null check (role in ('user', 'assistant')),
  parts jsonb not null,
  created_at timestamptz not null default now()
);
create index if not exists ai_messages_user_seq_idx on ai_messages(user_id, seq);
