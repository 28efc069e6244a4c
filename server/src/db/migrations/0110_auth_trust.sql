-- Accounts you can trust (issue 11): shared abuse counters, token sessions, refresh tokens,
-- personal access tokens and the JWT signing keys.

-- Abuse-limit counters shared by every server process on one PostgreSQL (PGlite keeps them in memory).
create table if not exists auth_rate_limits (
  key text primary key,
  count integer not null default 0,
  window_start timestamptz not null,
  blocked_until timestamptz not null
);

-- A session is a browser cookie session or a token-API session (refresh-token family).
alter table sessions add column if not exists kind text not null default 'browser';
alter table sessions drop constraint if exists sessions_kind_check;
alter table sessions add constraint sessions_kind_check check (kind in ('browser', 'token'));

-- Refresh tokens rotate on every use; a reused (already rotated) one ends its whole session.
create table if not exists refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references sessions(id) on delete cascade,
  token_hash text not null unique,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on refresh_tokens(session_id);

create table if not exists personal_access_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  scope text not null check (scope in ('read', 'write')),
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists personal_access_tokens_user_idx on personal_access_tokens(user_id);

-- ES256 keys that sign access tokens; public halves are served at /.well-known/jwks.json.
create table if not exists auth_signing_keys (
  kid text primary key,
  public_jwk jsonb not null,
  private_key text not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
