import type { ColumnType } from 'kysely';
import type { AppearanceSettings, DisplaySettings } from '@waymark/contracts';

type Json<T> = ColumnType<T, string | null | undefined, string | null>;

export interface UserSettingsTable {
  user_id: string;
  username: string | null;
  bio: ColumnType<string, string | undefined, string>;
  units: ColumnType<'km' | 'mi', 'km' | 'mi' | undefined, 'km' | 'mi'>;
  flat_pace_sec_per_km: ColumnType<number, number | undefined, number>;
  appearance: Json<AppearanceSettings | null>;
  display: Json<Partial<DisplaySettings> | null>;
  avatar: Uint8Array | null;
  avatar_type: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  avatar_updated_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../db/schema.ts' {
  interface Database {
    user_settings: UserSettingsTable;
  }
}
