import type { Context } from 'hono';
import type { ProjectRole } from '@waymark/contracts';
import { projectId as projectIdSchema } from '@waymark/contracts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import './db.ts';

export type { ProjectRole };

/** Roles ordered by what they may do: viewers read, editors change content, owners manage members and delete. */
export const ROLE_RANK: Record<ProjectRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** True when `role` may do what `min` may. */
export function roleAtLeast(role: ProjectRole | null | undefined, min: ProjectRole): boolean {
  return role != null && ROLE_RANK[role] >= ROLE_RANK[min];
}

/**
 * The one answer to "what is this user's role in this project": 'owner' | 'editor' | 'viewer', or
 * null when the user is not a member, is signed out, or the project does not exist (all projects
 * are private to their members, so these three cases are indistinguishable on purpose).
 * Used by every projects endpoint, the tasks module and the map editor's websocket.
 */
export async function projectRole(db: Db, projectId: string, userId: string | null | undefined): Promise<ProjectRole | null> {
  if (!userId || !projectIdSchema.safeParse(projectId).success) return null;
  const row = await db
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export const projectNotFound = () => new HttpError(404, 'not_found', 'Project not found');

const ROLE_NEEDS: Record<ProjectRole, string> = {
  viewer: 'Only members of this project can do this',
  editor: 'Only editors and owners of this project can do this',
  owner: 'Only owners of this project can do this',
};

/**
 * Guard for a project endpoint. Signed out → 401; a malformed id → 400; not a member (or no such
 * project) → 404, never 403, so ids are not confirmed; a member whose role is below `min` → 403
 * `forbidden`. Returns the user and their role.
 */
export async function requireProjectRole(
  db: Db,
  c: Context<AppEnv>,
  projectId: string,
  min: ProjectRole,
): Promise<{ user: NonNullable<AppEnv['Variables']['user']>; role: ProjectRole }> {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in required');
  const parsed = projectIdSchema.safeParse(projectId);
  if (!parsed.success) {
    throw new HttpError(400, 'validation_error', 'Invalid project id: must be a UUID', {
      issues: [{ path: 'id', message: 'a project id (UUID)' }],
    });
  }
  const role = await projectRole(db, parsed.data, user.id);
  if (!role) throw projectNotFound();
  if (!roleAtLeast(role, min)) throw new HttpError(403, 'forbidden', ROLE_NEEDS[min]);
  return { user, role };
}
