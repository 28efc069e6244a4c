import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/context.ts';
import { errorBody, HttpError } from '../src/http/errors.ts';
import { projectRole, requireProjectRole, roleAtLeast } from '../src/projects/access.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';

// The one role answer every project endpoint, the tasks module and the editor's websocket use.
describe(`projects access on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let editor: SignedInTestUser;
  let viewer: SignedInTestUser;
  let other: SignedInTestUser;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, viewer, other] = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    const db = t.db();
    const p = await db
      .insertInto('projects')
      .values({ name: 'Course marking', created_by: owner.id, updated_by: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectId = p.id;
    await db
      .insertInto('project_members')
      .values([
        { project_id: projectId, user_id: owner.id, role: 'owner', added_by: owner.id },
        { project_id: projectId, user_id: editor.id, role: 'editor', added_by: owner.id },
        { project_id: projectId, user_id: viewer.id, role: 'viewer', added_by: owner.id },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('answers each member role, and null for a non-member, signed-out, malformed or unknown project', async () => {
    const db = t.db();
    expect(await projectRole(db, projectId, owner.id)).toBe('owner');
    expect(await projectRole(db, projectId, editor.id)).toBe('editor');
    expect(await projectRole(db, projectId, viewer.id)).toBe('viewer');
    expect(await projectRole(db, projectId, other.id)).toBeNull();
    expect(await projectRole(db, projectId, undefined)).toBeNull();
    expect(await projectRole(db, 'not-a-uuid', owner.id)).toBeNull();
    expect(await projectRole(db, '00000000-0000-4000-8000-000000000000', owner.id)).toBeNull();
  });

  it('ranks roles', () => {
    expect(roleAtLeast('owner', 'editor')).toBe(true);
    expect(roleAtLeast('editor', 'editor')).toBe(true);
    expect(roleAtLeast('viewer', 'editor')).toBe(false);
    expect(roleAtLeast(null, 'viewer')).toBe(false);
  });

  it('guards: 401 signed out, 400 malformed id, 404 non-member or unknown (never 403), 403 for a too-low role', async () => {
    // A tiny app with the real session middleware (auth module) and one guarded route.
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      // Borrow the real app's session loading: ask it who the cookie belongs to.
      const res = await t.app.request('/api/_auth/session', { headers: { cookie: c.req.header('cookie') ?? '' } });
      const body = (await res.json()) as { user?: { id: string; email: string; role: string; name: string } } | null;
      if (body?.user) c.set('user', body.user);
      await next();
    });
    app.get('/p/:id/:min', async (c) => {
      const { role } = await requireProjectRole(t.db(), c, c.req.param('id'), c.req.param('min') as 'viewer' | 'editor' | 'owner');
      return c.json({ role });
    });
    app.onError((err, c) => (err instanceof HttpError ? c.json(errorBody(err.code, err.message), err.status) : c.json({}, 500)));
    const call = async (who: SignedInTestUser | null, id: string, min: string) => {
      const res = await app.request(`/p/${id}/${min}`, { headers: who ? who.headers : {} });
      return { status: res.status, body: (await res.json()) as { role?: string; error?: { code: string } } };
    };
    expect((await call(null, projectId, 'viewer')).status).toBe(401);
    expect((await call(owner, 'nope', 'viewer')).status).toBe(400);
    expect(await call(owner, projectId, 'owner')).toEqual({ status: 200, body: { role: 'owner' } });
    expect(await call(editor, projectId, 'editor')).toEqual({ status: 200, body: { role: 'editor' } });
    expect((await call(viewer, projectId, 'editor')).status).toBe(403);
    expect((await call(editor, projectId, 'owner')).body.error?.code).toBe('forbidden');
    const hidden = await call(other, projectId, 'viewer');
    const unknown = await call(other, '00000000-0000-4000-8000-000000000000', 'viewer');
    expect(hidden).toEqual(unknown);
    expect(hidden.status).toBe(404);
  });
});
