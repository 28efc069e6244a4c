-- The signed-in lists (routes, projects, tasks) keep recently read pages in memory in every server
-- process (server/src/db/list-cache.ts). These statement-level triggers tell every listening
-- process on channel `waymark_lists` which table changed — the payload is the table's name — after
-- any insert, update, delete or truncate, by any writer (any server process, the CLI, psql), so no
-- code path can forget to. PostgreSQL folds identical notifications of one transaction into one.
-- One SQL for PGlite and PostgreSQL; a table a disabled module never created is skipped.

create or replace function waymark_list_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('waymark_lists', tg_table_name);
  return null;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['routes', 'projects', 'project_members', 'project_documents', 'tasks', 'users'] loop
    if to_regclass(t) is not null then
      execute format('drop trigger if exists %I on %I', t || '_list_changed', t);
      execute format(
        'create trigger %I after insert or update or delete or truncate on %I for each statement execute function waymark_list_changed()',
        t || '_list_changed', t);
    end if;
  end loop;
end
$$;
