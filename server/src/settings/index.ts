import path from 'node:path';
import type { ServerModule } from '../context.ts';
import { SettingsRepository } from './repository.ts';
import { registerSettingsRoutes } from './routes.ts';

/**
 * Settings: the signed-in user's profile (display name, username, bio, avatar, units, flat pace),
 * appearance (the customizer's preferences), display and notification preferences, data export
 * and account deletion (/api/settings/*, /api/avatars/:id). See docs/workspace.md.
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  migrations: { dir: path.join(import.meta.dirname, 'migrations') },
  register(app, ctx) {
    registerSettingsRoutes(app, ctx, new SettingsRepository(ctx));
  },
};
