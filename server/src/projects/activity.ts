import type { Kysely } from 'kysely';
import type { ActivityList } from '@waymark/contracts';
import type { Database } from '../db/schema.ts';
import './db.ts';

export type ActivityAction =
  | 'project.created'
  | 'project.updated'
  | 'project.status_changed'
  | 'member.invited'
  | 'member.joined'
  | 'member.declined'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.left'
  | 'invitation.revoked'
  | 'document.uploaded'
  | 'document.renamed'
  | 'document.deleted'
  | 'task.created'
  | 'task.done'
  | 'task.reopened'
  | 'task.canceled'
  | 'task.deleted';

/** Record who did what in a project (inside the caller's transaction when given one). */
export async function logActivity(
  db: Kysely<Database>,
  projectId: string,
  actorId: string | null,
  action: ActivityAction,
  data: Record<string, unknown> = {},
) {
  await db
    .insertInto('project_activity')
    .values({ project_id: projectId, actor_id: actorId, action, data: JSON.stringify(data) })
    .execute();
}

/** A page of a project's activity, newest first; `before` is the previous page's cursor. */
export async function listActivity(db: Kysely<Database>, projectId: string, limit: number, before?: number): Promise<ActivityList> {
  let q = db
    .selectFrom('project_activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.data', 'a.created_at', 'a.actor_id', 'u.name as actor_name', 'u.email as actor_email'])
    .where('a.project_id', '=', projectId);
  if (before !== undefined) q = q.where('a.id', '<', String(before));
  const rows = await q
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: String(r.id),
      action: r.action,
      actor: r.actor_id ? { id: r.actor_id, name: displayName(r.actor_name, r.actor_email) } : null,
      data: r.data ?? {},
      at: new Date(r.created_at).toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

/** The name shown for a user: their name, else the part of their email before the @. */
export function displayName(name: string | null | undefined, email: string | null | undefined): string {
  if (name && name.trim()) return name.trim();
  if (email) return email.split('@')[0]!;
  return 'Someone';
}
