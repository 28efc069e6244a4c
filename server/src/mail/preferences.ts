import type { Db } from '../db/index.ts';
import type {} from './schema.ts';

/**
 * Which events send mail to an account, and whether that mail also goes out by SMTP
 * (/settings/notifications). Security mail — verification, recovery, sign-in codes, email
 * changes, admin notices — is not listed here: it cannot be turned off.
 */
export interface NotificationPreferences {
  projectInvitations: boolean;
  mentions: boolean;
  taskAssigned: boolean;
  routeShared: boolean;
  /** Also send by SMTP (when the server has SMTP_URL); otherwise the in-app mailbox only. */
  smtp: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = Object.freeze({
  projectInvitations: true,
  mentions: true,
  taskAssigned: true,
  routeShared: true,
  smtp: true,
});

export type NotificationEvent = Exclude<keyof NotificationPreferences, 'smtp'>;

/** Message kinds that an account may turn off, and the preference that governs each. Every other kind is security mail. */
export const EVENT_OF_KIND: Readonly<Record<string, NotificationEvent>> = Object.freeze({
  project_invitation: 'projectInvitations',
  mention: 'mentions',
  task_assigned: 'taskAssigned',
  route_shared: 'routeShared',
});

/** Kinds whose SMTP copy follows the account's `smtp` preference (mail between users included). */
export const optionalSmtp = (kind: string) => kind in EVENT_OF_KIND || kind === 'direct';

export async function loadNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const row = await db.selectFrom('mail_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    projectInvitations: row.project_invitations,
    mentions: row.mentions,
    taskAssigned: row.task_assigned,
    routeShared: row.route_shared,
    smtp: row.smtp,
  };
}

export async function saveNotificationPreferences(db: Db, userId: string, p: NotificationPreferences): Promise<NotificationPreferences> {
  const values = {
    project_invitations: p.projectInvitations,
    mentions: p.mentions,
    task_assigned: p.taskAssigned,
    route_shared: p.routeShared,
    smtp: p.smtp,
    updated_at: new Date(),
  };
  await db
    .insertInto('mail_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return loadNotificationPreferences(db, userId);
}
