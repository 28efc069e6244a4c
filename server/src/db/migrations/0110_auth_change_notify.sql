-- Every server process keeps recently used sessions in memory (server/src/auth/session-cache.ts).
-- Whenever a row such an entry was built from changes — a session ended, renewed or re-authenticated,
-- a user renamed, banned, promoted or deleted, a second factor added or removed — these triggers
-- tell every listening process on channel `waymark_auth`: `s:<session id>` or `u:<user id>`. They
-- fire for every writer (any server process, the CLI, psql), so no code path can forget to.

create or replace function waymark_auth_changed() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if tg_table_name = 'sessions' then
    perform pg_notify('waymark_auth', 's:' || r.id::text);
  elsif tg_table_name = 'users' then
    perform pg_notify('waymark_auth', 'u:' || r.id::text);
  else
    perform pg_notify('waymark_auth', 'u:' || r.user_id::text);
  end if;
  return null;
end
$$;

drop trigger if exists sessions_changed on sessions;
create trigger sessions_changed after update or delete on sessions
  for each row execute function waymark_auth_changed();

drop trigger if exists users_changed on users;
create trigger users_changed after update or delete on users
  for each row execute function waymark_auth_changed();

drop trigger if exists mfa_factors_changed on mfa_factors;
create trigger mfa_factors_changed after insert or update or delete on mfa_factors
  for each row execute function waymark_auth_changed();

-- TRUNCATE fires no row triggers: tell listeners to drop everything.
create or replace function waymark_auth_truncated() returns trigger language plpgsql as $$
begin
  perform pg_notify('waymark_auth', '*');
  return null;
end
$$;

drop trigger if exists sessions_truncated on sessions;
create trigger sessions_truncated after truncate on sessions
  for each statement execute function waymark_auth_truncated();

drop trigger if exists users_truncated on users;
create trigger users_truncated after truncate on users
  for each statement execute function waymark_auth_truncated();

drop trigger if exists mfa_factors_truncated on mfa_factors;
create trigger mfa_factors_truncated after truncate on mfa_factors
  for each statement execute function waymark_auth_truncated();
