import type { Hono } from 'hono';
import QRCode from 'qrcode';
import { emptyBody, enrolFactorBody, verifyFactorBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../crypto.ts';
import { newBackupCodeSet } from '../flows.ts';
import { requireFreshSession, requireUser } from '../guard.ts';
import type { AuthService } from '../service.ts';
import { body, param } from '../validation.ts';

/** TOTP factors and backup codes of the signed-in user. */
export function registerMfaRoutes(app: Hono<AppEnv>, auth: AuthService) {
  const { db } = auth.ctx;

  app.get('/api/auth/factors', async (c) => {
    const me = requireUser(c);
    const row = (await auth.findUser(me.id))!;
    const unused = await db
      .selectFrom('mfa_backup_codes')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return c.json({ factors: (await auth.publicUser(row)).factors, backupCodesRemaining: Number(unused?.n ?? 0) });
  });

  app.post('/api/auth/factors', async (c) => {
    const me = requireFreshSession(c);
    const b = await body(c, enrolFactorBody);
    const secret = newTotpSecret();
    await db.deleteFrom('mfa_factors').where('user_id', '=', me.id).where('status', '=', 'unverified').execute();
    const count = await db
      .selectFrom('mfa_factors')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= 5) throw new HttpError(422, 'too_many_factors', 'You can enrol at most 5 authenticator apps.');
    const f = await db
      .insertInto('mfa_factors')
      .values({ user_id: me.id, secret, friendly_name: b.friendlyName || 'Authenticator app', updated_at: new Date() })
      .returning(['id', 'friendly_name'])
      .executeTakeFirstOrThrow();
    const uri = totpUri(secret, me.email ?? me.phone ?? me.id);
    const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
    return c.json({ id: f.id, factorType: 'totp', friendlyName: f.friendly_name, totp: { secret, uri, qrCode } }, 201);
  });

  app.post('/api/auth/factors/:id/verify', async (c) => {
    const me = requireUser(c);
    const id = param(c, 'id');
    const b = await body(c, verifyFactorBody);
    const attempt = await auth.claimAttempt(c, `enrol:${c.get('session')!.id}`, me.id, me.id);
    const f = await db.selectFrom('mfa_factors').selectAll().where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (!f) throw new HttpError(404, 'factor_not_found', 'No such factor');
    const step = verifyTotp(f.secret, b.code);
    if (step === null || (f.last_used_step !== null && step <= Number(f.last_used_step))) {
      await attempt.failed();
      throw new HttpError(400, 'mfa_verification_failed', 'Invalid authentication code');
    }
    await attempt.succeeded();
    const now = new Date();
    await db.updateTable('mfa_factors').set({ status: 'verified', last_used_step: step, updated_at: now }).where('id', '=', id).execute();
    if (c.get('session')!.kind !== 'pat')
      await db.updateTable('sessions').set({ authenticated_at: now }).where('id', '=', c.get('session')!.id).execute();
    let backupCodes: string[] | undefined;
    const unused = await db
      .selectFrom('mfa_backup_codes')
      .select('id')
      .where('user_id', '=', me.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!unused) backupCodes = await newBackupCodeSet(auth, me.id);
    return c.json({ verified: true, id, ...(backupCodes ? { backupCodes } : {}) });
  });

  app.delete('/api/auth/factors/:id', async (c) => {
    const me = requireFreshSession(c);
    const id = param(c, 'id');
    const r = await db.deleteFrom('mfa_factors').where('id', '=', id).where('user_id', '=', me.id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new HttpError(404, 'factor_not_found', 'No such factor');
    if (!(await auth.hasVerifiedFactor(me.id))) await db.deleteFrom('mfa_backup_codes').where('user_id', '=', me.id).execute();
    return c.json({ removed: true, id });
  });

  app.post('/api/auth/backup-codes', async (c) => {
    const me = requireFreshSession(c);
    await body(c, emptyBody);
    if (!(await auth.hasVerifiedFactor(me.id))) throw new HttpError(422, 'mfa_not_enrolled', 'Enrol an authenticator app first.');
    return c.json({ backupCodes: await newBackupCodeSet(auth, me.id) });
  });
}
