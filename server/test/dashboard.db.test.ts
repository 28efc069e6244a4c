import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary as summarySchema } from '@waymark/contracts';
import { monthRange } from '../src/dashboard/summary.ts';
import { modules } from '../src/modules.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';

interface Summary {
  period: { from: string; to: string; timeZone: string };
  routesThisMonth: { count: number; distanceM: number; ascentM: number };
  routesTotal: number;
  projects: { total: number; byStatus: { status: string; count: number }[] };
  recentActivity: { kind: string; id: string; title: string; action: string; at: string; href: string; detail: string | null }[];
  available: { routes: boolean; projects: boolean; tasks: boolean };
}

async function insertRoute(t: TestApp, ownerId: string, name: string, at: Date, stats: Record<string, unknown>) {
  await sql`insert into routes (owner_id, name, region, waypoints, geometry, stats, created_at, updated_at)
            values (${ownerId}::uuid, ${name}, 'andorra', '[]'::jsonb, '', ${JSON.stringify(stats)}::jsonb, ${at}, ${at})`.execute(t.db());
}

describe('GET /api/dashboard/summary', () => {
  let t: TestApp;
  let alice: SignedInTestUser;
  let bob: SignedInTestUser;
  beforeAll(async () => {
    t = await createTestApp({}, modules);
    alice = await t.signIn({ name: 'Alice' });
    bob = await t.signIn({ name: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: SignedInTestUser | null, query = '') =>
    t.json('GET', `/api/dashboard/summary${query}`, undefined, user ? user.headers : {});

  it('answers 401 JSON when signed out', async () => {
    const res = await get(null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('rejects an unknown time zone with 400', async () => {
    const res = await get(alice, '?tz=Mars%2FOlympus');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toMatch(/time zone/);
    expect((body.error as { details?: unknown }).details).toEqual({
      issues: [{ path: 'tz', message: expect.stringMatching(/time zone/) }],
    });
  });

  it('answers in the shape of the contract', async () => {
    const res = await get(alice, '?tz=Europe%2FParis');
    expect(summarySchema.safeParse(await res.json()).error).toBeUndefined();
  });

  it('gives zeros and empty lists to a new user', async () => {
    const res = await get(alice);
    expect(res.status).toBe(200);
    const s = (await res.json()) as Summary;
    expect(s.routesThisMonth).toEqual({ count: 0, distanceM: 0, ascentM: 0 });
    expect(s.routesTotal).toBe(0);
    expect(s.projects).toEqual({ total: 0, byStatus: [] });
    expect(s.recentActivity).toEqual([]);
    expect(s.available.routes).toBe(true);
  });

  it("sums this month's routes of the signed-in user only, and lists recent activity", async () => {
    const now = new Date();
    const { from } = monthRange(now, 'UTC');
    const lastMonth = new Date(from.getTime() - 3 * 24 * 3600_000);
    await insertRoute(t, alice.id, 'Lake loop', new Date(now.getTime() - 60_000), {
      distanceM: 10_400,
      ascentM: 320,
      descentM: 320,
      timeS: 3600,
    });
    await insertRoute(t, alice.id, 'Hill repeats', new Date(now.getTime() - 120_000), {
      distanceM: 5_000.4,
      ascentM: 180.6,
      descentM: 180,
      timeS: 1800,
    });
    await insertRoute(t, alice.id, 'Old route', lastMonth, { distanceM: 42_195, ascentM: 500 });
    await insertRoute(t, bob.id, "Bob's run", now, { distanceM: 99_000, ascentM: 9_000 });

    const s = (await (await get(alice)).json()) as Summary;
    expect(s.routesThisMonth).toEqual({ count: 2, distanceM: 15_400, ascentM: 501 });
    expect(s.routesTotal).toBe(3);
    expect(s.recentActivity.map((a) => a.title)).toEqual(['Lake loop', 'Hill repeats', 'Old route']);
    expect(s.recentActivity[0]).toMatchObject({ kind: 'route', action: 'created', detail: '10.4 km' });
    expect(s.recentActivity[0]!.href).toMatch(/^\/run\?route=/);

    const b = (await (await get(bob)).json()) as Summary;
    expect(b.routesThisMonth.count).toBe(1);
    expect(b.recentActivity.map((a) => a.title)).toEqual(["Bob's run"]);
  });

  it('counts the projects the user is a member of, by status', async () => {
    const carol = await t.signIn();
    const mk = async (owner: string, name: string, status: string, members: { id: string; role: string }[] = []) => {
      const p = await sql<{
        id: string;
      }>`insert into projects (name, status, created_by) values (${name}, ${status}, ${owner}::uuid) returning id::text as id`.execute(
        t.db(),
      );
      const id = p.rows[0]!.id;
      for (const m of [{ id: owner, role: 'owner' }, ...members]) {
        await sql`insert into project_members (project_id, user_id, role) values (${id}::uuid, ${m.id}::uuid, ${m.role})`.execute(t.db());
      }
    };
    await mk(alice.id, 'Trail map', 'active');
    await mk(alice.id, 'Park survey', 'active');
    await mk(alice.id, 'Old plan', 'archived');
    await mk(alice.id, 'Idea', 'draft');
    // A project someone else created counts for alice once she is a member (viewer).
    await mk(carol.id, 'Club relay', 'on_hold', [{ id: alice.id, role: 'viewer' }]);
    await mk(bob.id, 'Not yours', 'active');
    const s = (await (await get(alice)).json()) as Summary;
    expect(s.available.projects).toBe(true);
    expect(s.projects.total).toBe(5);
    expect(s.projects.byStatus).toEqual([
      { status: 'active', count: 2 },
      { status: 'archived', count: 1 },
      { status: 'draft', count: 1 },
      { status: 'on_hold', count: 1 },
    ]);
    expect(s.recentActivity.some((a) => a.kind === 'project' && a.title === 'Trail map')).toBe(true);
    expect(s.recentActivity.some((a) => a.title === 'Club relay')).toBe(true);
    expect(s.recentActivity.some((a) => a.title === 'Not yours')).toBe(false);
  });

  it('still answers (with zeros) when the routes table does not exist', async () => {
    await sql`drop table project_activity, project_documents, project_invitations, project_members, projects cascade`.execute(t.db());
    await sql`drop table routes cascade`.execute(t.db());
    const res = await get(alice);
    expect(res.status).toBe(200);
    const s = (await res.json()) as Summary;
    expect(s.available).toEqual({ routes: false, projects: false, tasks: false });
    expect(s.routesThisMonth).toEqual({ count: 0, distanceM: 0, ascentM: 0 });
    expect(s.recentActivity).toEqual([]);
  });
});

describe('GET /api/dashboard/summary on a server without the planner and projects', () => {
  it('says routes are not available and answers zeros', async () => {
    const t = await createTestApp(
      {},
      modules.filter((m) => m.name !== 'planner' && m.name !== 'projects' && m.name !== 'tasks'),
    );
    try {
      const exists = await sql<{ t: string | null }>`select to_regclass('public.routes')::text as t`.execute(t.db());
      expect(exists.rows[0]?.t).toBeNull(); // the planner's migration is the planner's: not applied without it
      const alice = await t.signIn();
      const res = await t.json('GET', '/api/dashboard/summary', undefined, alice.headers);
      expect(res.status).toBe(200);
      const s = (await res.json()) as Summary;
      expect(s.available).toEqual({ routes: false, projects: false, tasks: false });
      expect(s.routesThisMonth).toEqual({ count: 0, distanceM: 0, ascentM: 0 });
      expect(s.routesTotal).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('monthRange', () => {
  it('starts the month at local midnight of the given time zone', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(monthRange(now, 'UTC')).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') });
    // Paris is UTC+1 on 1 March and UTC+2 on 1 April (DST).
    expect(monthRange(now, 'Europe/Paris')).toEqual({ from: new Date('2026-02-28T23:00:00Z'), to: new Date('2026-03-31T22:00:00Z') });
    // Early on 1 January in Tokyo it is still December in UTC.
    expect(monthRange(new Date('2025-12-31T20:00:00Z'), 'Asia/Tokyo').from).toEqual(new Date('2025-12-31T15:00:00Z'));
  });
});
