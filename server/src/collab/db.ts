import type { ColumnType, Generated } from 'kysely';

export interface CollabUpdatesTable {
  seq: Generated<string>;
  project_id: string;
  user_id: string | null;
  bytes: Uint8Array;
  size: number;
  at: ColumnType<Date, Date | undefined, never>;
}

export interface CollabSnapshotsTable {
  project_id: string;
  seq: string;
  state: Uint8Array;
  size: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CollabDocumentsTable {
  project_id: string;
  materialised_seq: ColumnType<string, string | undefined, string>;
  compacted_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CollabLayersTable {
  project_id: string;
  layer_id: string;
  name: string;
  sort_key: string;
  visible: boolean;
  locked: boolean;
  style: ColumnType<Record<string, unknown>, string, string>;
  source: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_by: string;
  created_at: Date;
}

export interface CollabFeaturesTable {
  project_id: string;
  feature_id: string;
  layer_id: string;
  geometry: ColumnType<Record<string, unknown>, string, string>;
  properties: ColumnType<Record<string, unknown>, string, string>;
  style: ColumnType<Record<string, unknown>, string, string>;
  created_by: string;
  created_at: Date;
  /** insertion order among features created at the same instant (the Yjs clock of the feature's entry) */
  ord: ColumnType<number, number, number>;
  updated_by: string;
  updated_at: Date;
}

// The collaboration module's tables, merged into the app's Kysely `Database` type.
declare module '../db/schema.ts' {
  interface Database {
    collab_updates: CollabUpdatesTable;
    collab_snapshots: CollabSnapshotsTable;
    collab_documents: CollabDocumentsTable;
    collab_layers: CollabLayersTable;
    collab_features: CollabFeaturesTable;
  }
}
