-- Tasks (tasks module): a project's to-dos. Each task belongs to one project and is seen and
-- changed through that project's membership (viewers read, editors and owners change). The
-- assignee is always a member of the task's project: a composite foreign key onto
-- project_members enforces it, and a member who leaves or is removed stops being the assignee of
-- that project's tasks (the trigger below clears them first). One SQL for PGlite and PostgreSQL.

create table if not exists tasks (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  title text not null check (length(title) between 1 and 200),
  description text not null default '' check (length(description) <= 4000),
  status text not null default 'todo' check (status in ('backlog', 'todo', 'in_progress', 'done', 'canceled')),
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'critical')),
  label text not null default '' check (length(label) <= 40 and label = lower(label) and position(',' in label) = 0),
  assignee_id uuid,
  due_date date,
  done_at timestamptz,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (project_id, assignee_id) references project_members(project_id, user_id)
);
create index if not exists tasks_project_idx on tasks(project_id, updated_at desc, id);
create index if not exists tasks_assignee_idx on tasks(assignee_id) where assignee_id is not null;

-- A member leaving (or removed, or their account deleted) is no longer anybody's assignee in that
-- project: clear it before the membership row goes, so the foreign key above holds.
create or replace function tasks_unassign_departed_member() returns trigger language plpgsql as $$
begin
  update tasks set assignee_id = null where project_id = old.project_id and assignee_id = old.user_id;
  return old;
end;
$$;
drop trigger if exists tasks_unassign_departed_member on project_members;
create trigger tasks_unassign_departed_member before delete on project_members
  for each row execute function tasks_unassign_departed_member();
