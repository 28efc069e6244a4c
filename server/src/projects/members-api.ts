import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Invitation, Member, ProjectRole } from '@waymark/contracts';
import { changeRoleBody, invitationId as invitationIdSchema, projectInviteBody, userId as userIdSchema } from '@waymark/contracts';
import { requireUser } from '../http/guards.ts';
import type { AppContext, AppEnv } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { requireProjectRole, ROLE_RANK } from './access.ts';
import { displayName, logActivity } from './activity.ts';
import { sendInvitation } from './invitation-mail.ts';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** An invitation is valid this long after it was sent (or last re-sent). */
export const INVITATION_TTL_MS = 30 * 24 * 3600_000;
/** Pending invitations a project may have at once (each one sends an email). */
export const MAX_PENDING_INVITATIONS = 100;

const lastOwner = () => new HttpError(409, 'last_owner', 'A project always keeps at least one owner: make another member an owner first');

function parseParam<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  raw: string,
  what: string,
  path: string,
): T {
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new HttpError(400, 'validation_error', `Invalid ${what}: must be a UUID`, { issues: [{ path, message: `${what} (UUID)` }] });
  return r.data;
}

type Db = Kysely<Database>;

/** The signed-in user's verified email address, or null (an unverified address never counts). */
async function verifiedEmailOf(db: Db, userId: string): Promise<string | null> {
  const u = await db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  return u?.email && u.email_verified_at ? u.email.toLowerCase() : null;
}

async function invitationsJson(
  db: Db,
  rows: {
    id: string;
    project_id: string;
    email: string;
    role: ProjectRole;
    status: Invitation['status'];
    invited_by: string | null;
    created_at: Date;
    expires_at: Date;
  }[],
): Promise<Invitation[]> {
  if (!rows.length) return [];
  const projects = new Map(
    (
      await db
        .selectFrom('projects')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          rows.map((r) => r.project_id),
        )
        .execute()
    ).map((p) => [p.id, p.name]),
  );
  const inviterIds = [...new Set(rows.map((r) => r.invited_by).filter((x): x is string => Boolean(x)))];
  const inviters = new Map<string, string>();
  if (inviterIds.length)
    for (const u of await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', inviterIds).execute())
      inviters.set(u.id, displayName(u.name, u.email));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    projectName: projects.get(r.project_id) ?? '',
    email: r.email,
    role: r.role,
    status: r.status,
    invitedBy: r.invited_by && inviters.has(r.invited_by) ? { id: r.invited_by, name: inviters.get(r.invited_by)! } : null,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
  }));
}

export function registerMembersApi(app: Hono<AppEnv>, ctx: AppContext) {
  const db = ctx.db;

  // ---- members ------------------------------------------------------------------------------

  app.get('/api/projects/:id/members', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    const rows = await db
      .selectFrom('project_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.created_at', 'u.name', 'u.email'])
      .where('m.project_id', '=', c.req.param('id'))
      .orderBy('m.created_at')
      .orderBy('m.user_id')
      .execute();
    const members: Member[] = rows
      .map((r) => ({
        userId: r.user_id,
        name: displayName(r.name, r.email),
        email: r.email,
        role: r.role,
        joinedAt: new Date(r.created_at).toISOString(),
        you: r.user_id === user.id,
      }))
      .sort((a, b) => ROLE_RANK[b.role] - ROLE_RANK[a.role]);
    return c.json({ members }, 200, NO_STORE);
  });

  app.patch('/api/projects/:id/members/:userId', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'owner');
    const projectId = c.req.param('id');
    const target = parseParam(userIdSchema, c.req.param('userId'), 'user id', 'userId');
    const body = parseOr400(changeRoleBody, await readJson(c), 'member');
    const result = await db.transaction().execute(async (trx) => {
      // Lock the project row: membership changes of one project run one after the other, so two
      // owners demoting each other at once cannot both succeed (locking the member rows instead
      // takes them in different orders and deadlocks on PostgreSQL).
      await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().executeTakeFirst();
      const members = await trx.selectFrom('project_members').select(['user_id', 'role']).where('project_id', '=', projectId).execute();
      const current = members.find((m) => m.user_id === target);
      if (!current) throw notFound('Member not found');
      if (current.role === body.role) return current.role;
      if (current.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) throw lastOwner();
      await trx
        .updateTable('project_members')
        .set({ role: body.role, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('user_id', '=', target)
        .execute();
      const who = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', target).executeTakeFirst();
      await logActivity(trx, projectId, user.id, 'member.role_changed', {
        userId: target,
        name: displayName(who?.name, who?.email),
        from: current.role,
        to: body.role,
      });
      return body.role;
    });
    return c.json({ userId: target, role: result }, 200, NO_STORE);
  });

  const removeMember = async (c: Context<AppEnv>, target: string) => {
    const projectId = c.req.param('id')!;
    const { user } = await requireProjectRole(db, c, projectId, 'viewer');
    const leaving = target === user.id;
    if (!leaving) await requireProjectRole(db, c, projectId, 'owner');
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().executeTakeFirst();
      const members = await trx.selectFrom('project_members').select(['user_id', 'role']).where('project_id', '=', projectId).execute();
      const current = members.find((m) => m.user_id === target);
      if (!current) throw notFound('Member not found');
      if (current.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) throw lastOwner();
      await trx.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', target).execute();
      const who = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', target).executeTakeFirst();
      await logActivity(trx, projectId, user.id, leaving ? 'member.left' : 'member.removed', {
        userId: target,
        name: displayName(who?.name, who?.email),
        role: current.role,
      });
    });
    return c.body(null, 204);
  };

  app.delete('/api/projects/:id/members/:userId', async (c) => {
    // Validate the project id (and membership) before the user id, so non-members learn nothing.
    await requireProjectRole(db, c, c.req.param('id'), 'viewer');
    return removeMember(c, parseParam(userIdSchema, c.req.param('userId'), 'user id', 'userId'));
  });

  app.post('/api/projects/:id/leave', async (c) => {
    const user = requireUser(c);
    return removeMember(c, user.id);
  });

  // ---- invitations (owners) -----------------------------------------------------------------

  app.get('/api/projects/:id/invitations', async (c) => {
    await requireProjectRole(db, c, c.req.param('id'), 'owner');
    const rows = await db
      .selectFrom('project_invitations')
      .selectAll()
      .where('project_id', '=', c.req.param('id'))
      .where('status', '=', 'pending')
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .execute();
    return c.json({ invitations: await invitationsJson(db, rows) }, 200, NO_STORE);
  });

  app.post('/api/projects/:id/invitations', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'owner');
    const projectId = c.req.param('id');
    const body = parseOr400(projectInviteBody, await readJson(c), 'invitation');
    const { row, created } = await db.transaction().execute(async (trx) => {
      const project = await trx.selectFrom('projects').select(['id', 'name']).where('id', '=', projectId).forUpdate().executeTakeFirst();
      if (!project) throw notFound('Project not found');
      const member = await trx
        .selectFrom('project_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.user_id')
        .where('m.project_id', '=', projectId)
        .where('u.email', '=', body.email)
        .executeTakeFirst();
      if (member) throw new HttpError(409, 'already_member', `${body.email} is already a member of this project`);
      const expires = new Date(Date.now() + INVITATION_TTL_MS);
      // Expired pending invitations do not block a new one.
      await trx
        .updateTable('project_invitations')
        .set({ status: 'revoked', responded_at: new Date() })
        .where('project_id', '=', projectId)
        .where('status', '=', 'pending')
        .where('expires_at', '<=', new Date())
        .execute();
      const existing = await trx
        .selectFrom('project_invitations')
        .select('id')
        .where('project_id', '=', projectId)
        .where('email', '=', body.email)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (existing) {
        const r = await trx
          .updateTable('project_invitations')
          .set({ role: body.role, invited_by: user.id, expires_at: expires })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { row: r, created: false };
      }
      const pending = await trx
        .selectFrom('project_invitations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('project_id', '=', projectId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(pending.n) >= MAX_PENDING_INVITATIONS)
        throw new HttpError(409, 'too_many_invitations', `A project can have at most ${MAX_PENDING_INVITATIONS} pending invitations`);
      const r = await trx
        .insertInto('project_invitations')
        .values({ project_id: projectId, email: body.email, role: body.role, invited_by: user.id, expires_at: expires })
        .returningAll()
        .executeTakeFirstOrThrow();
      await logActivity(trx, projectId, user.id, 'member.invited', { email: body.email, role: body.role });
      return { row: r, created: true };
    });
    const [inv] = await invitationsJson(db, [row]);
    const delivered = await sendInvitation(ctx, inv!, c.get('user')!);
    return c.json({ invitation: inv!, delivered }, created ? 201 : 200, NO_STORE);
  });

  app.delete('/api/projects/:id/invitations/:invitationId', async (c) => {
    const { user } = await requireProjectRole(db, c, c.req.param('id'), 'owner');
    const id = parseParam(invitationIdSchema, c.req.param('invitationId'), 'invitation id', 'invitationId');
    const row = await db
      .updateTable('project_invitations')
      .set({ status: 'revoked', responded_at: new Date(), responded_by: user.id })
      .where('id', '=', id)
      .where('project_id', '=', c.req.param('id'))
      .where('status', '=', 'pending')
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound('Invitation not found');
    await logActivity(db, c.req.param('id'), user.id, 'invitation.revoked', { email: row.email, role: row.role });
    return c.body(null, 204);
  });

  // ---- invitations (the invitee) -------------------------------------------------------------

  /** Pending, unexpired invitations addressed to the signed-in user's verified email. */
  const myInvitations = async (userId: string, id?: string) => {
    const email = await verifiedEmailOf(db, userId);
    if (!email) return [];
    let q = db
      .selectFrom('project_invitations')
      .selectAll()
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .where('expires_at', '>', new Date());
    if (id) q = q.where('id', '=', id);
    return invitationsJson(db, await q.orderBy('created_at', 'desc').limit(100).execute());
  };

  app.get('/api/invitations', async (c) => {
    const user = requireUser(c);
    return c.json({ invitations: await myInvitations(user.id) }, 200, NO_STORE);
  });

  app.get('/api/invitations/:invitationId', async (c) => {
    const user = requireUser(c);
    const id = parseParam(invitationIdSchema, c.req.param('invitationId'), 'invitation id', 'invitationId');
    const [inv] = await myInvitations(user.id, id);
    if (!inv) throw notFound('Invitation not found (it may have been answered, revoked or have expired)');
    return c.json(inv, 200, NO_STORE);
  });

  const respond = (answer: 'accepted' | 'declined') => async (c: Context<AppEnv>) => {
    const user = requireUser(c);
    const id = parseParam(invitationIdSchema, c.req.param('invitationId')!, 'invitation id', 'invitationId');
    const email = await verifiedEmailOf(db, user.id);
    const gone = () => notFound('Invitation not found (it may have been answered, revoked or have expired)');
    if (!email) throw gone();
    const result = await db.transaction().execute(async (trx) => {
      const inv = await trx.selectFrom('project_invitations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!inv || inv.email !== email || inv.status !== 'pending' || new Date(inv.expires_at).getTime() <= Date.now()) throw gone();
      await trx
        .updateTable('project_invitations')
        .set({ status: answer, responded_at: new Date(), responded_by: user.id })
        .where('id', '=', id)
        .execute();
      if (answer === 'declined') {
        await logActivity(trx, inv.project_id, user.id, 'member.declined', { email, role: inv.role });
        return { projectId: inv.project_id, role: null };
      }
      const existing = await trx
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', inv.project_id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (existing) {
        // Already a member (e.g. added through another invitation): keep the higher role.
        if (ROLE_RANK[inv.role] > ROLE_RANK[existing.role]) {
          await trx
            .updateTable('project_members')
            .set({ role: inv.role, updated_at: new Date() })
            .where('project_id', '=', inv.project_id)
            .where('user_id', '=', user.id)
            .execute();
        }
      } else {
        await trx
          .insertInto('project_members')
          .values({ project_id: inv.project_id, user_id: user.id, role: inv.role, added_by: inv.invited_by })
          .execute();
      }
      await logActivity(trx, inv.project_id, user.id, 'member.joined', { email, role: inv.role });
      const role = await trx
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', inv.project_id)
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { projectId: inv.project_id, role: role.role };
    });
    if (answer === 'declined') return c.body(null, 204);
    return c.json(result, 200, NO_STORE);
  };

  app.post('/api/invitations/:invitationId/accept', respond('accepted'));
  app.post('/api/invitations/:invitationId/decline', respond('declined'));
}
