import type { ColumnType, Generated } from 'kysely';
import type { TaskPriority, TaskStatus } from '@waymark/contracts';

export interface TasksTable {
  id: Generated<string>;
  project_id: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  priority: ColumnType<TaskPriority, TaskPriority | undefined, TaskPriority>;
  label: ColumnType<string, string | undefined, string>;
  assignee_id: string | null;
  /** a `date` column: read as 'YYYY-MM-DD' text (see repository.ts), written as text */
  due_date: ColumnType<string | Date | null, string | null | undefined, string | null>;
  done_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

// The tasks module's table, merged into the app's Kysely `Database` type.
declare module '../db/schema.ts' {
  interface Database {
    tasks: TasksTable;
  }
}
