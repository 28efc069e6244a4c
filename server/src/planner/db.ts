import type { ColumnType, Generated } from 'kysely';
import type { LegMode, SavedRouteStats, Visibility } from '@waymark/contracts';

/** A waypoint as stored: `mode` is the mode of the leg that ARRIVES at this waypoint (ignored on the first). */
export interface StoredWaypoint {
  lon: number;
  lat: number;
  mode: LegMode;
}

export interface RoutesTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  description: string;
  visibility: Visibility;
  region: string;
  waypoints: ColumnType<StoredWaypoint[], string, string>;
  geometry: string;
  stats: ColumnType<SavedRouteStats, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

// The planner's tables, merged into the app's Kysely `Database` type.
declare module '../db/schema.ts' {
  interface Database {
    routes: RoutesTable;
  }
}
