import {
  DEFAULT_DISPLAY_SETTINGS,
  displaySettings,
  type AppearanceSettings,
  type DisplaySettings,
  type ProfileSettingsBody,
  type UserSettings,
} from '@waymark/contracts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { loadNotificationPreferences } from '../mail/preferences.ts';
import type {} from './db.ts';

/** A stored display object with any field missing or no longer valid taken from the defaults. */
export function displayOf(stored: Partial<DisplaySettings> | null | undefined): DisplaySettings {
  const merged = { ...DEFAULT_DISPLAY_SETTINGS, ...(stored ?? {}) };
  const r = displaySettings.safeParse(merged);
  return r.success ? r.data : { ...DEFAULT_DISPLAY_SETTINGS };
}

export const avatarUrl = (userId: string, at: Date | null) => (at ? `/api/avatars/${userId}?v=${new Date(at).getTime()}` : null);

export class SettingsRepository {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async get(userId: string): Promise<UserSettings> {
    const user = await this.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(401, 'unauthorized', 'Sign in required');
    const s = await this.db
      .selectFrom('user_settings')
      .select(['username', 'bio', 'units', 'flat_pace_sec_per_km', 'appearance', 'display', 'avatar_updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const n = await loadNotificationPreferences(this.db, userId);
    return {
      profile: {
        name: user.name,
        email: user.email,
        username: s?.username ?? null,
        bio: s?.bio ?? '',
        units: s?.units ?? 'km',
        flatPaceSecPerKm: s?.flat_pace_sec_per_km ?? 360,
        avatarUrl: avatarUrl(userId, s?.avatar_updated_at ?? null),
      },
      appearance: s?.appearance ?? null,
      display: displayOf(s?.display),
      notifications: { ...n, securityAlerts: true },
      smtpAvailable: this.ctx.mailer.smtp,
    };
  }

  /** Insert the settings row if missing, then apply `values`. */
  private async upsert(userId: string, values: Record<string, unknown>) {
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values, updated_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
  }

  async saveProfile(userId: string, p: ProfileSettingsBody) {
    if (p.username) {
      const taken = await this.db
        .selectFrom('user_settings')
        .select('user_id')
        .where('username', '=', p.username)
        .where('user_id', '<>', userId)
        .executeTakeFirst();
      if (taken) throw usernameTaken();
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ name: p.name, updated_at: new Date() }).where('id', '=', userId).execute();
        await trx
          .insertInto('user_settings')
          .values({ user_id: userId, username: p.username, bio: p.bio, units: p.units, flat_pace_sec_per_km: p.flatPaceSecPerKm })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({
              username: p.username,
              bio: p.bio,
              units: p.units,
              flat_pace_sec_per_km: p.flatPaceSecPerKm,
              updated_at: new Date(),
            }),
          )
          .execute();
      });
    } catch (err) {
      // Two accounts taking one username at the same moment: the unique index decides.
      if ((err as { code?: string }).code === '23505') throw usernameTaken();
      throw err;
    }
  }

  saveAppearance(userId: string, a: AppearanceSettings) {
    return this.upsert(userId, { appearance: JSON.stringify(a) });
  }

  saveDisplay(userId: string, d: DisplaySettings) {
    return this.upsert(userId, { display: JSON.stringify(d) });
  }

  saveAvatar(userId: string, bytes: Uint8Array | null, type: 'image/png' | 'image/jpeg' | 'image/webp' | null) {
    return this.upsert(userId, { avatar: bytes, avatar_type: type, avatar_updated_at: bytes ? new Date() : null });
  }

  async avatar(userId: string) {
    return this.db
      .selectFrom('user_settings')
      .select(['avatar', 'avatar_type', 'avatar_updated_at'])
      .where('user_id', '=', userId)
      .where('avatar', 'is not', null)
      .executeTakeFirst();
  }
}

const usernameTaken = () =>
  new HttpError(409, 'username_taken', 'This username is taken. Choose another one.', {
    issues: [{ path: 'username', message: 'this username is taken' }],
  });
