-- Saved running routes (planner module). Private routes are visible to their owner only,
-- unlisted ones to anyone with the id, public ones are also listed.

create table if not exists routes (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users(id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  description text not null default '' check (length(description) <= 2000),
  visibility text not null default 'private' check (visibility in ('private', 'unlisted', 'public')),
  region text not null,
  -- [{ lon, lat, mode: 'snap' | 'freehand' }]; mode is the mode of the leg arriving at the waypoint
  waypoints jsonb not null,
  -- encoded polyline: lat, lon at 1e-6 deg and elevation at 0.1 m per point (see docs/planner.md)
  geometry text not null,
  -- { distanceM, ascentM, descentM, timeS }
  stats jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists routes_owner_updated_idx on routes(owner_id, updated_at desc);
create index if not exists routes_public_idx on routes(updated_at desc) where visibility = 'public';
