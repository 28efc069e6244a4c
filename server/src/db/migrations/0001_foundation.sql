-- Foundation: key/value metadata about this instance (install id, seed markers, secrets).

create table if not exists app_meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
