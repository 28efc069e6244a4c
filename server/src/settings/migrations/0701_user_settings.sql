-- Per-account settings (issue 17, settings module): profile extras, the customizer's appearance,
-- display preferences and the avatar. The display name stays in users.name; notification
-- preferences live in mail_preferences (0700_mailbox), where the mailer reads them.
create table if not exists user_settings (
  user_id uuid primary key references users(id) on delete cascade,
  -- unique on this instance, stored lower-case
  username text check (username is null or username = lower(username)),
  bio text not null default '',
  units text not null default 'km' check (units in ('km', 'mi')),
  flat_pace_sec_per_km integer not null default 360 check (flat_pace_sec_per_km between 120 and 1800),
  -- null until saved: the browser's own preferences apply
  appearance jsonb,
  display jsonb,
  avatar bytea,
  avatar_type text check (avatar_type is null or avatar_type in ('image/png', 'image/jpeg', 'image/webp')),
  avatar_updated_at timestamptz,
  updated_at timestamptz not null default now()
);
create unique index if not exists user_settings_username_idx on user_settings(username) where username is not null;
