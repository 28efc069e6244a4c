import type { Hono } from 'hono';
import {
  SETTINGS_LIMITS,
  appearanceSettings,
  deleteAccountBody,
  displaySettings,
  notificationSettingsBody,
  profileSettingsBody,
} from '@waymark/contracts';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireFreshSession, requireUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';
import { saveNotificationPreferences } from '../mail/preferences.ts';
import { sniffImage } from './avatar.ts';
import { exportUserData } from './export.ts';
import type { SettingsRepository } from './repository.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };
const userIdParam = z.object({ id: z.uuid({ message: 'a user id (UUID)' }) });

export function registerSettingsRoutes(app: Hono<AppEnv>, ctx: AppContext, repo: SettingsRepository) {
  const answer = async (userId: string) => ({ settings: await repo.get(userId) });

  app.get('/api/settings', async (c) => {
    const me = requireUser(c);
    return c.json(await answer(me.id), 200, NO_STORE);
  });

  app.put('/api/settings/profile', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', profileSettingsBody);
    await repo.saveProfile(me.id, b);
    return c.json(await answer(me.id));
  });

  app.put('/api/settings/appearance', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', appearanceSettings);
    await repo.saveAppearance(me.id, b);
    return c.json(await answer(me.id));
  });

  app.put('/api/settings/display', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', displaySettings);
    await repo.saveDisplay(me.id, { ...b, hiddenNav: [...new Set(b.hiddenNav)] });
    return c.json(await answer(me.id));
  });

  app.put('/api/settings/notifications', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', notificationSettingsBody);
    await saveNotificationPreferences(ctx.db, me.id, b);
    return c.json(await answer(me.id));
  });

  /** The avatar: the image bytes as the body; the type is recognised from the bytes (PNG, JPEG, WebP). */
  app.put('/api/settings/avatar', async (c) => {
    const me = requireUser(c);
    const max = SETTINGS_LIMITS.avatarBytesMax;
    const tooLarge = () => new HttpError(413, 'payload_too_large', `The image is larger than ${max / 1024} KB: choose a smaller one.`);
    if (Number(c.req.header('content-length') ?? 0) > max) throw tooLarge();
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > max) throw tooLarge();
    if (bytes.length === 0)
      throw new HttpError(400, 'validation_error', 'No image was sent', { issues: [{ path: '', message: 'an image' }] });
    const type = sniffImage(bytes);
    if (!type) throw new HttpError(415, 'unsupported_media_type', 'The avatar must be a PNG, JPEG or WebP image.');
    await repo.saveAvatar(me.id, bytes, type);
    return c.json(await answer(me.id));
  });

  app.delete('/api/settings/avatar', async (c) => {
    const me = requireUser(c);
    await repo.saveAvatar(me.id, null, null);
    return c.json(await answer(me.id));
  });

  app.get('/api/avatars/:id', async (c) => {
    requireUser(c);
    const { id } = validate(c, 'param', userIdParam);
    const a = await repo.avatar(id);
    if (!a?.avatar || !a.avatar_type) throw new HttpError(404, 'not_found', 'No avatar');
    return c.body(new Uint8Array(a.avatar), 200, {
      'Content-Type': a.avatar_type,
      'Cache-Control': 'private, max-age=300',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
  });

  /** A ZIP of my data. It holds all my mail: a sign-in within the last 10 minutes is needed. */
  app.get('/api/settings/export', async (c) => {
    const me = requireFreshSession(c);
    const zip = await exportUserData(ctx, repo, me.id);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(new Uint8Array(zip), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="waymark-export-${day}.zip"`,
      'Cache-Control': 'no-store',
    });
  });

  /** Delete my account: a recent sign-in, and the email (or phone) typed again. The last administrator cannot. */
  app.delete('/api/settings/account', async (c) => {
    const me = requireFreshSession(c);
    const b = await validate(c, 'json', deleteAccountBody);
    const user = await ctx.db.selectFrom('users').select(['email', 'phone', 'role', 'banned']).where('id', '=', me.id).executeTakeFirst();
    if (!user) throw new HttpError(401, 'unauthorized', 'Sign in required');
    const typed = b.confirm.toLowerCase();
    if (typed !== (user.email ?? '').toLowerCase() && typed !== (user.phone ?? '')) {
      throw new HttpError(400, 'validation_error', 'Type your email address exactly to confirm.', {
        issues: [{ path: 'confirm', message: 'does not match your email address' }],
      });
    }
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      // The same lock as the admin API's "keep an administrator" rule: one change to the admins at a time.
      const admins = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('banned', '=', false)
        .orderBy('id')
        .forUpdate()
        .execute();
      if (user.role === 'admin' && !user.banned && admins.length <= 1) return false;
      await trx.deleteFrom('users').where('id', '=', me.id).execute();
      return true;
    });
    if (!deleted) throw new HttpError(409, 'last_admin', 'You are the only administrator: make someone else an administrator first.');
    ctx.logger.info({ userId: me.id }, 'account deleted by its owner');
    return c.json({ deleted: true });
  });
}
