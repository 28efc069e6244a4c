import type { ColumnType, Generated } from 'kysely';
import type { ProjectRole, ProjectStatus } from '@waymark/contracts';

export interface ProjectsTable {
  id: Generated<string>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  status: ColumnType<ProjectStatus, ProjectStatus | undefined, ProjectStatus>;
  center_lon: number | null;
  center_lat: number | null;
  zoom: number | null;
  bbox_west: number | null;
  bbox_south: number | null;
  bbox_east: number | null;
  bbox_north: number | null;
  place_name: ColumnType<string, string | undefined, string>;
  cover_color: ColumnType<string, string | undefined, string>;
  cover_emoji: ColumnType<string, string | undefined, string>;
  archived_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: ProjectRole;
  added_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProjectInvitationsTable {
  id: Generated<string>;
  project_id: string;
  email: string;
  role: ProjectRole;
  status: ColumnType<'pending' | 'accepted' | 'declined' | 'revoked', 'pending' | undefined, 'accepted' | 'declined' | 'revoked'>;
  invited_by: string | null;
  responded_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  responded_at: Date | null;
  expires_at: Date;
}

export interface ProjectDocumentsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  content_type: string;
  size_bytes: ColumnType<string, number, never>;
  sha256: string;
  storage_key: string;
  uploaded_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface StoragePendingTable {
  storage_key: string;
  reason: 'upload' | 'delete';
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ProjectActivityTable {
  id: Generated<string>;
  project_id: string;
  actor_id: string | null;
  action: string;
  data: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

// The projects module's tables, merged into the app's Kysely `Database` type.
declare module '../db/schema.ts' {
  interface Database {
    projects: ProjectsTable;
    project_members: ProjectMembersTable;
    project_invitations: ProjectInvitationsTable;
    project_documents: ProjectDocumentsTable;
    project_activity: ProjectActivityTable;
    storage_pending: StoragePendingTable;
  }
}
