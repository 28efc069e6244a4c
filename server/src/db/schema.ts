import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the foundation. Feature modules extend this interface with their own tables. */
export interface Database {
  schema_migrations: {
    name: string;
    applied_at: ColumnType<Date, Date | undefined, never>;
  };
  app_meta: {
    key: string;
    value: unknown;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  _placeholder_generated?: { id: Generated<number> };
}
