-- Accounts and sessions (auth module). Ids are UUIDs; secrets are stored only as hashes.

create table if not exists users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  email_verified_at timestamptz,
  phone text unique,
  phone_verified_at timestamptz,
  name text not null default '',
  password_hash text,
  role text not null default 'user' check (role in ('user', 'admin')),
  banned boolean not null default false,
  ban_reason text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (email is not null or phone is not null)
);

create table if not exists sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  remember boolean not null default false,
  user_agent text not null default '',
  ip text not null default '',
  method text not null default 'password',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  authenticated_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sessions_user_idx on sessions(user_id);

create table if not exists mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  factor_type text not null default 'totp' check (factor_type in ('totp')),
  friendly_name text not null default 'Authenticator app',
  secret text not null,
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mfa_factors_user_idx on mfa_factors(user_id);

create table if not exists mfa_backup_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists mfa_backup_codes_user_idx on mfa_backup_codes(user_id);

-- Pending second-factor challenges after a correct password.
create table if not exists mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  remember boolean not null default false,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- One-time links and codes: signup/email_change verification, recovery, magic link, invite, email and SMS OTP.
create table if not exists auth_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  kind text not null,
  identifier text not null,
  token_hash text not null,
  attempts integer not null default 0,
  data jsonb not null default '{}'::jsonb,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists auth_tokens_lookup_idx on auth_tokens(kind, token_hash);
create index if not exists auth_tokens_identifier_idx on auth_tokens(kind, identifier, created_at);

create table if not exists user_identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  provider text not null,
  subject text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (provider, subject)
);

create table if not exists access_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  reason text not null default '',
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_by uuid references users(id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists access_requests_status_idx on access_requests(status, created_at);

-- In-app mailbox: every email/SMS the app sends (always, also when SMTP delivers it).
create table if not exists messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  to_address text not null,
  from_address text not null,
  subject text not null default '',
  body text not null,
  links jsonb not null default '[]'::jsonb,
  kind text not null default 'notice',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists messages_user_idx on messages(user_id, created_at desc);
