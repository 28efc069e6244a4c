-- Projects (projects module): a project, its members and their roles, invitations by email,
-- uploaded documents and an activity log. Every project is private to its members: a non-member
-- sees nothing of it (the API answers 404, never 403). One SQL for PGlite and PostgreSQL.

create table if not exists projects (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  description text not null default '' check (length(description) <= 4000),
  status text not null default 'draft' check (status in ('draft', 'active', 'on_hold', 'completed', 'archived')),
  -- Location: centre, zoom, bounding box (west, south, east, north) and a place name; all or nothing.
  center_lon double precision check (center_lon between -180 and 180),
  center_lat double precision check (center_lat between -90 and 90),
  zoom real check (zoom between 0 and 22),
  bbox_west double precision check (bbox_west between -180 and 180),
  bbox_south double precision check (bbox_south between -90 and 90),
  bbox_east double precision check (bbox_east between -180 and 180),
  bbox_north double precision check (bbox_north between -90 and 90),
  place_name text not null default '' check (length(place_name) <= 200),
  -- Cover: a colour name from the app's palette and an optional emoji.
  cover_color text not null default 'blue' check (length(cover_color) between 1 and 20),
  cover_emoji text not null default '' check (length(cover_emoji) <= 16),
  -- Set when the status becomes archived, cleared when it leaves it.
  archived_at timestamptz,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (
    (center_lon is null and center_lat is null and zoom is null)
    or (center_lon is not null and center_lat is not null and zoom is not null)
  ),
  check (
    (bbox_west is null and bbox_south is null and bbox_east is null and bbox_north is null)
    or (bbox_west is not null and bbox_south is not null and bbox_east is not null and bbox_north is not null
        and bbox_south <= bbox_north and center_lon is not null)
  )
);
create index if not exists projects_updated_idx on projects(updated_at desc, id);

create table if not exists project_members (
  project_id uuid not null references projects(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('owner', 'editor', 'viewer')),
  added_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
create index if not exists project_members_user_idx on project_members(user_id, project_id);

-- An invitation goes to an email address. It is shown to the account whose *verified* email is
-- that address (an unverified address never counts as proven); the email link carries no secret
-- that grants access by itself: accepting needs that signed-in, verified account.
create table if not exists project_invitations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  email text not null check (length(email) between 3 and 254 and email = lower(email)),
  role text not null check (role in ('owner', 'editor', 'viewer')),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'revoked')),
  invited_by uuid references users(id) on delete set null,
  responded_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  expires_at timestamptz not null
);
create unique index if not exists project_invitations_pending_uq on project_invitations(project_id, email) where status = 'pending';
create index if not exists project_invitations_email_idx on project_invitations(email) where status = 'pending';

-- Documents: the bytes live in storage (DATA_DIR/uploads or S3) under storage_key; a row exists
-- only once its bytes are complete. storage_pending lists keys whose object must be removed unless
-- a document row claims them: an upload enters its key there before writing, and one transaction
-- swaps the entry for the document row; a deletion (document or project) swaps the row for an
-- entry, then removes the object. A sweep at start-up (and periodically) removes what is left,
-- so a crash at any point leaves no row without a file and no file without a row.
create table if not exists project_documents (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  content_type text not null check (length(content_type) between 1 and 100),
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (length(sha256) = 64),
  storage_key text not null unique,
  uploaded_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists project_documents_project_idx on project_documents(project_id, created_at desc);

create table if not exists storage_pending (
  storage_key text primary key,
  reason text not null check (reason in ('upload', 'delete')),
  created_at timestamptz not null default now()
);

-- Who did what and when. `data` holds the details of the action (names, roles, statuses).
create table if not exists project_activity (
  id bigint generated always as identity primary key,
  project_id uuid not null references projects(id) on delete cascade,
  actor_id uuid references users(id) on delete set null,
  action text not null check (length(action) between 1 and 60),
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index if not exists project_activity_project_idx on project_activity(project_id, id desc);
