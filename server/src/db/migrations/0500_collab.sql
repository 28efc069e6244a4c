-- Collaboration on project maps (server/src/collab, docs/collaboration.md). Each project map is a
-- Yjs document stored as an append-only log of updates (every update durable before the client
-- is told it is saved), compacted into snapshots, plus a materialised copy of its layers and
-- features (JSONB) that exports, the REST API and the project page read. One SQL for PGlite and
-- PostgreSQL.

create table if not exists collab_updates (
  -- global order of appends; a snapshot covers every update of its project up to its seq
  seq bigserial primary key,
  project_id uuid not null references projects(id) on delete cascade,
  -- author (null: the server itself, e.g. compaction)
  user_id uuid references users(id) on delete set null,
  bytes bytea not null,
  size integer not null,
  at timestamptz not null default now()
);
create index if not exists collab_updates_project_idx on collab_updates(project_id, seq);

create table if not exists collab_snapshots (
  project_id uuid not null references projects(id) on delete cascade,
  seq bigint not null,
  state bytea not null,
  size integer not null,
  created_at timestamptz not null default now(),
  primary key (project_id, seq)
);

-- Per-document bookkeeping: how far the materialised tables are, when tombstones were last compacted.
create table if not exists collab_documents (
  project_id uuid primary key references projects(id) on delete cascade,
  materialised_seq bigint not null default 0,
  compacted_at timestamptz,
  updated_at timestamptz not null default now()
);

create table if not exists collab_layers (
  project_id uuid not null references projects(id) on delete cascade,
  layer_id text not null,
  name text not null,
  sort_key text not null,
  visible boolean not null,
  locked boolean not null,
  style jsonb not null,
  source jsonb,
  created_by text not null,
  created_at timestamptz not null,
  primary key (project_id, layer_id)
);

create table if not exists collab_features (
  project_id uuid not null references projects(id) on delete cascade,
  feature_id text not null,
  layer_id text not null,
  geometry jsonb not null,
  properties jsonb not null,
  style jsonb not null,
  created_by text not null,
  created_at timestamptz not null,
  -- features made in one gesture (an import) share created_at: this keeps their order
  ord bigint not null default 0,
  updated_by text not null,
  updated_at timestamptz not null,
  primary key (project_id, feature_id)
);
create index if not exists collab_features_layer_idx on collab_features(project_id, layer_id);

-- Access changes reach open websocket connections in every server process at once: a removed or
-- re-roled member or a deleted project is announced on the waymark_collab_access channel when its
-- transaction commits. (Ended sessions and banned accounts arrive on the auth module's channel,
-- waymark_auth, migration 0110.)
create or replace function collab_notify_access() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'project_members' then
    perform pg_notify('waymark_collab_access', json_build_object('t', 'member', 'p', old.project_id, 'u', old.user_id)::text);
  elsif tg_table_name = 'projects' then
    perform pg_notify('waymark_collab_access', json_build_object('t', 'project', 'p', old.id)::text);
  end if;
  return null;
end
$$;

drop trigger if exists collab_member_changed on project_members;
create trigger collab_member_changed after update of role or delete on project_members
  for each row execute function collab_notify_access();
drop trigger if exists collab_project_deleted on projects;
create trigger collab_project_deleted after delete on projects
  for each row execute function collab_notify_access();
