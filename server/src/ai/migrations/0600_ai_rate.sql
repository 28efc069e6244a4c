-- AI map chat rate limit (ai module): one row per chat request of a user, kept for the last
-- minute, so that every server process on one PostgreSQL counts the same requests.

create table if not exists ai_chat_requests (
  user_id uuid not null references users(id) on delete cascade,
  at timestamptz not null default now()
);
create index if not exists ai_chat_requests_user_at_idx on ai_chat_requests(user_id, at);
