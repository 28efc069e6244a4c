import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectList, projectSummary } from '@waymark/contracts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { GPX, PDF, errorOf, makeProject, upload } from './support/projects.ts';

const LOCATION = { center: { lon: 1.5218, lat: 42.5063 }, zoom: 12, bbox: [1.44, 42.46, 1.6, 42.56], placeName: 'Andorra la Vella' };

describe(`projects API on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let editor: SignedInTestUser;
  let viewer: SignedInTestUser;
  let other: SignedInTestUser;
  let extra: SignedInTestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn({ name: 'Olivia Owner' });
    editor = await t.signIn({ name: 'Eddie Editor' });
    viewer = await t.signIn({ name: 'Vera Viewer' });
    other = await t.signIn({ name: 'Oscar Outsider' });
    extra = await t.signIn({ name: 'Xavi Extra' });
  });
  afterAll(async () => t?.close());

  const as = (who: SignedInTestUser | null) => (who ? who.headers : {});

  describe('projects', () => {
    it('creates a project (creator becomes its owner), reads, lists, updates and logs activity', async () => {
      const res = await t.json(
        'POST',
        '/api/projects',
        { name: '  Course marking  ', description: 'Flags', status: 'active', location: LOCATION, cover: { color: 'green', emoji: '⛰️' } },
        as(owner),
      );
      expect(res.status).toBe(201);
      const p = projectSummary.parse(await res.json());
      expect(p).toMatchObject({
        name: 'Course marking',
        status: 'active',
        role: 'owner',
        memberCount: 1,
        documentCount: 0,
        tasks: { done: 0, total: 0 },
        cover: { color: 'green', emoji: '⛰️' },
      });
      expect(p.location).toEqual({ ...LOCATION, placeName: 'Andorra la Vella' });
      expect(p.members).toEqual([{ id: owner.id, name: 'Olivia Owner', role: 'owner' }]);
      expect(p.createdBy).toEqual({ id: owner.id, name: 'Olivia Owner' });

      const got = await t.json('GET', `/api/projects/${p.id}`, undefined, as(owner));
      expect(got.status).toBe(200);
      expect(((await got.json()) as { id: string }).id).toBe(p.id);

      const patched = await t.json('PATCH', `/api/projects/${p.id}`, { status: 'archived', name: 'Course marking 2027' }, as(owner));
      expect(patched.status).toBe(200);
      const pp = projectSummary.parse(await patched.json());
      expect(pp).toMatchObject({ status: 'archived', name: 'Course marking 2027' });
      expect(pp.archivedAt).not.toBeNull();

      const act = (await (await t.json('GET', `/api/projects/${p.id}/activity`, undefined, as(owner))).json()) as {
        items: { action: string; actor: { name: string }; data: Record<string, unknown> }[];
      };
      expect(act.items.map((a) => a.action)).toEqual(['project.updated', 'project.status_changed', 'project.created']);
      expect(act.items[1]!.data).toMatchObject({ from: 'active', to: 'archived' });
      expect(act.items[0]!.data).toMatchObject({ fields: ['name'] });
      expect(act.items[0]!.actor.name).toBe('Olivia Owner');

      // Archived projects are left out of the list unless asked for.
      const list = projectList.parse(await (await t.json('GET', '/api/projects', undefined, as(owner))).json());
      expect(list.items.map((i) => i.id)).not.toContain(p.id);
      expect(list.statusCounts.archived).toBeGreaterThanOrEqual(1);
      const archived = projectList.parse(await (await t.json('GET', '/api/projects?status=archived', undefined, as(owner))).json());
      expect(archived.items.map((i) => i.id)).toContain(p.id);
    });

    it('lists only the projects a user is a member of, with search, status filter, sort and pagination', async () => {
      const u = await t.signIn();
      const names = ['Alpha ridge', 'Bravo coast', 'Charlie forest', 'Delta lake', 'Echo valley'];
      for (const [i, name] of names.entries()) {
        const r = await t.json('POST', '/api/projects', { name, status: i % 2 ? 'active' : 'draft' }, as(u));
        expect(r.status).toBe(201);
      }
      await makeProject(t, { owner: other }, 'Hidden from u');
      const page1 = projectList.parse(await (await t.json('GET', '/api/projects?sort=name&pageSize=2', undefined, as(u))).json());
      expect(page1.total).toBe(5);
      expect(page1.items.map((i) => i.name)).toEqual(['Alpha ridge', 'Bravo coast']);
      const page3 = projectList.parse(await (await t.json('GET', '/api/projects?sort=name&pageSize=2&page=3', undefined, as(u))).json());
      expect(page3.items.map((i) => i.name)).toEqual(['Echo valley']);
      const desc = projectList.parse(await (await t.json('GET', '/api/projects?sort=name&order=desc&pageSize=1', undefined, as(u))).json());
      expect(desc.items[0]!.name).toBe('Echo valley');
      const active = projectList.parse(await (await t.json('GET', '/api/projects?status=active', undefined, as(u))).json());
      expect(active.items.map((i) => i.name).sort()).toEqual(['Bravo coast', 'Delta lake']);
      expect(active.statusCounts).toEqual({ active: 2, draft: 3 });
      const search = projectList.parse(await (await t.json('GET', '/api/projects?q=FOREST', undefined, as(u))).json());
      expect(search.items.map((i) => i.name)).toEqual(['Charlie forest']);
      const like = projectList.parse(await (await t.json('GET', `/api/projects?q=${encodeURIComponent('%')}`, undefined, as(u))).json());
      expect(like.total).toBe(0);
      const hidden = projectList.parse(await (await t.json('GET', '/api/projects?q=Hidden', undefined, as(u))).json());
      expect(hidden.total).toBe(0);
    });

    it('refuses bad input with 4xx and the one error shape, changing nothing', async () => {
      const id = await makeProject(t, { owner }, 'Validation target');
      const cases: [string, string, unknown, number, string][] = [
        ['POST', '/api/projects', {}, 400, 'validation_error'],
        ['POST', '/api/projects', { name: '' }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'x'.repeat(121) }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 42 }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'ok', status: 'finished' }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'ok', description: 'x'.repeat(4001) }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'ok', location: { center: { lon: 200, lat: 0 }, zoom: 3 } }, 400, 'validation_error'],
        [
          'POST',
          '/api/projects',
          { name: 'ok', location: { center: { lon: 1, lat: 42 }, zoom: 3, bbox: [1, 43, 2, 42] } },
          400,
          'validation_error',
        ],
        ['POST', '/api/projects', { name: 'ok', cover: { color: 'chartreuse' } }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'ok', cover: { color: 'blue', emoji: 'abc' } }, 400, 'validation_error'],
        ['POST', '/api/projects', { name: 'ok', ownerId: other.id }, 400, 'validation_error'],
        ['POST', '/api/projects', '{"name":', 400, 'invalid_json'],
        ['PATCH', `/api/projects/${id}`, {}, 400, 'validation_error'],
        ['PATCH', `/api/projects/${id}`, { status: 'done' }, 400, 'validation_error'],
        ['PATCH', `/api/projects/${id}`, { name: null }, 400, 'validation_error'],
        ['GET', '/api/projects/not-a-uuid', undefined, 400, 'validation_error'],
        ['GET', '/api/projects?page=0', undefined, 400, 'validation_error'],
        ['GET', '/api/projects?pageSize=1000', undefined, 400, 'validation_error'],
        ['GET', '/api/projects?status=active,finished', undefined, 400, 'validation_error'],
        ['GET', '/api/projects?sort=owner', undefined, 400, 'validation_error'],
        ['GET', `/api/projects?q=${'x'.repeat(101)}`, undefined, 400, 'validation_error'],
        ['GET', `/api/projects/${id}/activity?limit=0`, undefined, 400, 'validation_error'],
        ['GET', `/api/projects/${id}/activity?before=abc`, undefined, 400, 'validation_error'],
        ['POST', `/api/projects/${id}/invitations`, { email: 'not-an-email' }, 400, 'validation_error'],
        ['POST', `/api/projects/${id}/invitations`, { email: 'a@b.example', role: 'admin' }, 400, 'validation_error'],
        ['PATCH', `/api/projects/${id}/members/${viewer.id}`, { role: 'boss' }, 400, 'validation_error'],
        ['PATCH', `/api/projects/${id}/members/nope`, { role: 'viewer' }, 400, 'validation_error'],
        ['DELETE', `/api/projects/${id}/members/nope`, undefined, 400, 'validation_error'],
        ['GET', `/api/projects/${id}/documents/nope`, undefined, 400, 'validation_error'],
        ['PATCH', `/api/projects/${id}/documents/00000000-0000-4000-8000-000000000000`, { name: '' }, 400, 'validation_error'],
        ['GET', '/api/invitations/nope', undefined, 400, 'validation_error'],
        ['POST', '/api/invitations/nope/accept', undefined, 400, 'validation_error'],
      ];
      for (const [method, path, body, status, code] of cases) {
        const res = await t.json(method, path, body, as(owner));
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(status);
        const e = await errorOf(res);
        expect(e.code, `${method} ${path}`).toBe(code);
        expect(e.message.length).toBeGreaterThan(0);
      }
      const res = await t.app.request(`/api/projects/${id}`, {
        method: 'PATCH',
        headers: { ...as(owner), 'content-type': 'text/plain' },
        body: 'x',
      });
      expect([403, 415]).toContain(res.status); // csrf or type: never a 5xx
      const row = await t.db().selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Validation target', status: 'draft' });
      expect(await t.db().selectFrom('project_invitations').selectAll().where('project_id', '=', id).execute()).toEqual([]);
    });
  });

  describe('role matrix: owner, editor, viewer, non-member, anonymous × every endpoint', () => {
    type Actor = 'owner' | 'editor' | 'viewer' | 'other' | 'anon';
    const ACTORS: Actor[] = ['owner', 'editor', 'viewer', 'other', 'anon'];
    interface Fixture {
      projectId: string;
      documentId: string;
      invitationId: string;
      /** An invitation addressed to `other` (the invitee endpoints). */
      inviteForOther: string;
    }
    const who = (a: Actor) => ({ owner, editor, viewer, other, anon: null })[a];

    /** A fresh project per cell: owner, editor, viewer, an extra viewer, a document and two invitations. */
    async function fixture(): Promise<Fixture> {
      const projectId = await makeProject(t, { owner, editor, viewer, extra: [{ user: extra, role: 'viewer' }] });
      const up = await upload(t, owner, projectId, 'plan.pdf', PDF, 'application/pdf');
      expect(up.status).toBe(201);
      const documentId = ((await up.json()) as { id: string }).id;
      const db = t.db();
      const expires = new Date(Date.now() + 86400_000);
      const inv = await db
        .insertInto('project_invitations')
        .values({
          project_id: projectId,
          email: `someone-${Math.random().toString(36).slice(2)}@example.org`,
          role: 'viewer',
          invited_by: owner.id,
          expires_at: expires,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const forOther = await db
        .insertInto('project_invitations')
        .values({ project_id: projectId, email: other.email, role: 'editor', invited_by: owner.id, expires_at: expires })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { projectId, documentId, invitationId: inv.id, inviteForOther: forOther.id };
    }

    const matrix: {
      name: string;
      call: (f: Fixture, h: Record<string, string>, a: Actor) => Promise<Response>;
      expect: Record<Actor, number>;
    }[] = [
      {
        name: 'GET /api/projects',
        call: (_f, h) => t.json('GET', '/api/projects', undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 200, anon: 401 },
      },
      {
        name: 'POST /api/projects',
        call: (_f, h) => t.json('POST', '/api/projects', { name: 'New' }, h),
        expect: { owner: 201, editor: 201, viewer: 201, other: 201, anon: 401 },
      },
      {
        name: 'GET /api/projects/:id',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'PATCH /api/projects/:id',
        call: (f, h) => t.json('PATCH', `/api/projects/${f.projectId}`, { status: 'active' }, h),
        expect: { owner: 200, editor: 200, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'DELETE /api/projects/:id',
        call: (f, h) => t.json('DELETE', `/api/projects/${f.projectId}`, undefined, h),
        expect: { owner: 204, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'GET activity',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/activity`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'GET members',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/members`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'PATCH member role',
        call: (f, h) => t.json('PATCH', `/api/projects/${f.projectId}/members/${extra.id}`, { role: 'editor' }, h),
        expect: { owner: 200, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'DELETE member (another)',
        call: (f, h) => t.json('DELETE', `/api/projects/${f.projectId}/members/${extra.id}`, undefined, h),
        expect: { owner: 204, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'DELETE member (self)',
        call: (f, h, a) => t.json('DELETE', `/api/projects/${f.projectId}/members/${(who(a) ?? owner).id}`, undefined, h),
        expect: { owner: 409, editor: 204, viewer: 204, other: 404, anon: 401 },
      },
      {
        name: 'POST leave',
        call: (f, h) => t.json('POST', `/api/projects/${f.projectId}/leave`, undefined, h),
        expect: { owner: 409, editor: 204, viewer: 204, other: 404, anon: 401 },
      },
      {
        name: 'GET project invitations',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/invitations`, undefined, h),
        expect: { owner: 200, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'POST invitation',
        call: (f, h) =>
          t.json(
            'POST',
            `/api/projects/${f.projectId}/invitations`,
            { email: `new-${Math.random().toString(36).slice(2)}@example.org`, role: 'viewer' },
            h,
          ),
        expect: { owner: 201, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'DELETE invitation',
        call: (f, h) => t.json('DELETE', `/api/projects/${f.projectId}/invitations/${f.invitationId}`, undefined, h),
        expect: { owner: 204, editor: 403, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'GET documents',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/documents`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'POST document',
        call: (f, _h, a) => upload(t, who(a), f.projectId, 'track.gpx', GPX, 'application/gpx+xml'),
        expect: { owner: 201, editor: 201, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'GET document',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/documents/${f.documentId}`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'GET download',
        call: (f, h) => t.json('GET', `/api/projects/${f.projectId}/documents/${f.documentId}/download`, undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 404, anon: 401 },
      },
      {
        name: 'PATCH document',
        call: (f, h) => t.json('PATCH', `/api/projects/${f.projectId}/documents/${f.documentId}`, { name: 'renamed.pdf' }, h),
        expect: { owner: 200, editor: 200, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'DELETE document',
        call: (f, h) => t.json('DELETE', `/api/projects/${f.projectId}/documents/${f.documentId}`, undefined, h),
        expect: { owner: 204, editor: 204, viewer: 403, other: 404, anon: 401 },
      },
      {
        name: 'GET /api/invitations',
        call: (_f, h) => t.json('GET', '/api/invitations', undefined, h),
        expect: { owner: 200, editor: 200, viewer: 200, other: 200, anon: 401 },
      },
      {
        name: 'GET my invitation',
        call: (f, h) => t.json('GET', `/api/invitations/${f.inviteForOther}`, undefined, h),
        expect: { owner: 404, editor: 404, viewer: 404, other: 200, anon: 401 },
      },
      {
        name: 'POST accept',
        call: (f, h) => t.json('POST', `/api/invitations/${f.inviteForOther}/accept`, undefined, h),
        expect: { owner: 404, editor: 404, viewer: 404, other: 200, anon: 401 },
      },
      {
        name: 'POST decline',
        call: (f, h) => t.json('POST', `/api/invitations/${f.inviteForOther}/decline`, undefined, h),
        expect: { owner: 404, editor: 404, viewer: 404, other: 204, anon: 401 },
      },
    ];

    it('gives each actor the expected status on every endpoint', async () => {
      const got: Record<string, Record<Actor, number>> = {};
      const want: Record<string, Record<Actor, number>> = {};
      for (const row of matrix) {
        got[row.name] = {} as Record<Actor, number>;
        want[row.name] = row.expect;
        for (const a of ACTORS) {
          const f = await fixture();
          const res = await row.call(f, as(who(a)), a);
          got[row.name]![a] = res.status;
          if (res.status >= 400) {
            const e = await errorOf(res);
            expect(typeof e.code).toBe('string');
          }
        }
      }
      expect(got).toEqual(want);
    });

    it('a non-member learns nothing: the same 404 body as for a project that does not exist, and nothing in lists', async () => {
      const f = await fixture();
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const suffix of ['', '/members', '/documents', '/activity', `/documents/${f.documentId}`]) {
        const a = await t.json('GET', `/api/projects/${f.projectId}${suffix}`, undefined, as(other));
        const b = await t.json('GET', `/api/projects/${missing}${suffix}`, undefined, as(other));
        expect(a.status).toBe(404);
        expect(await a.json()).toEqual(await b.json());
      }
      const list = projectList.parse(await (await t.json('GET', '/api/projects?q=Matrix&pageSize=100', undefined, as(other))).json());
      expect(list.items.map((i) => i.id)).not.toContain(f.projectId);
    });

    it('forged requests the UI never sends change nothing', async () => {
      const f = await fixture();
      // A document id of another project through this project's URL.
      const elsewhere = await fixture();
      const cross = await t.json('DELETE', `/api/projects/${f.projectId}/documents/${elsewhere.documentId}`, undefined, as(owner));
      expect(cross.status).toBe(404);
      expect(
        await t.db().selectFrom('project_documents').select('id').where('id', '=', elsewhere.documentId).executeTakeFirst(),
      ).toBeTruthy();
      // Revoke another project's invitation through this project.
      const rev = await t.json('DELETE', `/api/projects/${f.projectId}/invitations/${elsewhere.invitationId}`, undefined, as(owner));
      expect(rev.status).toBe(404);
      // An editor cannot make themselves owner; a viewer cannot accept an invitation addressed to someone else.
      expect((await t.json('PATCH', `/api/projects/${f.projectId}/members/${editor.id}`, { role: 'owner' }, as(editor))).status).toBe(403);
      expect((await t.json('POST', `/api/invitations/${f.inviteForOther}/accept`, undefined, as(viewer))).status).toBe(404);
      // Removing a user who is not a member.
      expect((await t.json('DELETE', `/api/projects/${f.projectId}/members/${other.id}`, undefined, as(owner))).status).toBe(404);
      const roles = await t.db().selectFrom('project_members').select(['user_id', 'role']).where('project_id', '=', f.projectId).execute();
      expect(roles.find((r) => r.user_id === editor.id)?.role).toBe('editor');
      expect(roles.some((r) => r.user_id === other.id)).toBe(false);
    });
  });

  describe('owners', () => {
    it('the last owner cannot leave, be demoted or be removed; with two owners one may go', async () => {
      const id = await makeProject(t, { owner, editor, viewer });
      const expect409 = async (res: Response) => {
        expect(res.status).toBe(409);
        expect((await errorOf(res)).code).toBe('last_owner');
      };
      await expect409(await t.json('POST', `/api/projects/${id}/leave`, undefined, as(owner)));
      await expect409(await t.json('PATCH', `/api/projects/${id}/members/${owner.id}`, { role: 'editor' }, as(owner)));
      await expect409(await t.json('DELETE', `/api/projects/${id}/members/${owner.id}`, undefined, as(owner)));
      expect((await t.json('PATCH', `/api/projects/${id}/members/${editor.id}`, { role: 'owner' }, as(owner))).status).toBe(200);
      expect((await t.json('POST', `/api/projects/${id}/leave`, undefined, as(owner))).status).toBe(204);
      await expect409(await t.json('POST', `/api/projects/${id}/leave`, undefined, as(editor)));
      expect((await t.json('GET', `/api/projects/${id}`, undefined, as(owner))).status).toBe(404);
      const act = (await (await t.json('GET', `/api/projects/${id}/activity`, undefined, as(editor))).json()) as {
        items: { action: string }[];
      };
      expect(act.items.map((a) => a.action).slice(0, 2)).toEqual(['member.left', 'member.role_changed']);
    });

    it('two owners demoting each other at the same moment: exactly one succeeds', async () => {
      const second = await t.signIn();
      const id = await makeProject(t, { owner, extra: [{ user: second, role: 'owner' }] });
      const [a, b] = await Promise.all([
        t.json('PATCH', `/api/projects/${id}/members/${second.id}`, { role: 'viewer' }, as(owner)),
        t.json('PATCH', `/api/projects/${id}/members/${owner.id}`, { role: 'viewer' }, as(second)),
      ]);
      // One wins; the other is refused — 409 last_owner when it checked while both were owners,
      // 403 when the winner had already committed and it was no longer an owner.
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await t
        .db()
        .selectFrom('project_members')
        .select('user_id')
        .where('project_id', '=', id)
        .where('role', '=', 'owner')
        .execute();
      expect(owners).toHaveLength(1);
    });
  });

  describe('invitations', () => {
    it('an existing verified user gets it in the mailbox, accepts and sees the project', async () => {
      const invitee = await t.signIn({ name: 'Ines Invitee' });
      const id = await makeProject(t, { owner }, 'Invite me');
      const res = await t.json(
        'POST',
        `/api/projects/${id}/invitations`,
        { email: invitee.email.toUpperCase(), role: 'editor' },
        as(owner),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as { invitation: { id: string; email: string }; delivered: string };
      expect(body.delivered).toBe('mailbox');
      expect(body.invitation.email).toBe(invitee.email);
      const again = await t.json('POST', `/api/projects/${id}/invitations`, { email: invitee.email, role: 'viewer' }, as(owner));
      expect(again.status).toBe(200); // re-sent, same invitation
      const mail = (await (await t.json('GET', '/api/mail/messages', undefined, as(invitee))).json()) as {
        messages: { kind: string; subject: string; links: { label: string; url: string }[] }[];
      };
      const inv = mail.messages.filter((m) => m.kind === 'project_invitation');
      expect(inv.length).toBe(2);
      expect(inv[0]!.subject).toContain('Invite me');
      expect(inv[0]!.links.map((l) => l.label)).toEqual(['Accept invitation', 'Decline invitation']);
      expect(inv[0]!.links[0]!.url).toContain(`/dashboard/projects/invitation?id=${body.invitation.id}`);
      const mine = (await (await t.json('GET', '/api/invitations', undefined, as(invitee))).json()) as {
        invitations: { id: string; role: string; projectName: string }[];
      };
      expect(mine.invitations).toEqual([expect.objectContaining({ id: body.invitation.id, role: 'viewer', projectName: 'Invite me' })]);
      expect((await t.json('GET', `/api/projects/${id}`, undefined, as(invitee))).status).toBe(404);
      const acc = await t.json('POST', `/api/invitations/${body.invitation.id}/accept`, undefined, as(invitee));
      expect(acc.status).toBe(200);
      expect(await acc.json()).toEqual({ projectId: id, role: 'viewer' });
      expect((await t.json('GET', `/api/projects/${id}`, undefined, as(invitee))).status).toBe(200);
      expect((await t.json('POST', `/api/invitations/${body.invitation.id}/accept`, undefined, as(invitee))).status).toBe(404);
      const dup = await t.json('POST', `/api/projects/${id}/invitations`, { email: invitee.email }, as(owner));
      expect(dup.status).toBe(409);
      expect((await errorOf(dup)).code).toBe('already_member');
    });

    it('an unverified account never sees an invitation to its address until it proves the address', async () => {
      const squatter = await t.signIn({ name: 'Unproven' });
      await t.db().updateTable('users').set({ email_verified_at: null }).where('id', '=', squatter.id).execute();
      const id = await makeProject(t, { owner }, 'Secret plans');
      const res = await t.json('POST', `/api/projects/${id}/invitations`, { email: squatter.email, role: 'owner' }, as(owner));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { invitation: { id: string }; delivered: string };
      // No SMTP and nobody has proven the address: the invitation is not delivered anywhere (no
      // mailbox row that an unproven account could read), and the API says so.
      expect(body.delivered).toBe('none');
      const msgs = await t
        .db()
        .selectFrom('messages')
        .selectAll()
        .where('kind', '=', 'project_invitation')
        .where('to_address', '=', squatter.email)
        .execute();
      expect(msgs).toHaveLength(0);
      const mine = (await (await t.json('GET', '/api/invitations', undefined, as(squatter))).json()) as { invitations: unknown[] };
      expect(mine.invitations).toEqual([]);
      expect((await t.json('GET', `/api/invitations/${body.invitation.id}`, undefined, as(squatter))).status).toBe(404);
      expect((await t.json('POST', `/api/invitations/${body.invitation.id}/accept`, undefined, as(squatter))).status).toBe(404);
      expect(
        await t
          .db()
          .selectFrom('project_members')
          .select('user_id')
          .where('project_id', '=', id)
          .where('user_id', '=', squatter.id)
          .executeTakeFirst(),
      ).toBeUndefined();
      // Once the address is proven, the invitation is there and can be accepted.
      await t.db().updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', squatter.id).execute();
      const now = (await (await t.json('GET', '/api/invitations', undefined, as(squatter))).json()) as { invitations: { id: string }[] };
      expect(now.invitations.map((i) => i.id)).toEqual([body.invitation.id]);
      expect((await t.json('POST', `/api/invitations/${body.invitation.id}/accept`, undefined, as(squatter))).status).toBe(200);
    });

    it('declined, revoked and expired invitations cannot be accepted', async () => {
      const invitee = await t.signIn();
      const id = await makeProject(t, { owner }, 'Maybe');
      const mk = async () =>
        (
          (await (await t.json('POST', `/api/projects/${id}/invitations`, { email: invitee.email }, as(owner))).json()) as {
            invitation: { id: string };
          }
        ).invitation.id;
      const a = await mk();
      expect((await t.json('POST', `/api/invitations/${a}/decline`, undefined, as(invitee))).status).toBe(204);
      expect((await t.json('POST', `/api/invitations/${a}/accept`, undefined, as(invitee))).status).toBe(404);
      const b = await mk();
      expect(b).not.toBe(a);
      expect((await t.json('DELETE', `/api/projects/${id}/invitations/${b}`, undefined, as(owner))).status).toBe(204);
      expect((await t.json('POST', `/api/invitations/${b}/accept`, undefined, as(invitee))).status).toBe(404);
      const c = await mk();
      await t
        .db()
        .updateTable('project_invitations')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', c)
        .execute();
      expect((await t.json('POST', `/api/invitations/${c}/accept`, undefined, as(invitee))).status).toBe(404);
      expect(
        await t
          .db()
          .selectFrom('project_members')
          .select('user_id')
          .where('project_id', '=', id)
          .where('user_id', '=', invitee.id)
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});
