import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary as summarySchema } from '@waymark/contracts';
import type { ServerModule } from '../src/context.ts';
import { monthRange } from '../src/dashboard/summary.ts';
import { modules } from '../src/modules.ts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';

/**
 * A stand-in for a projects module (the real one ships separately): its own migration creates
 * `fixture_projects`, its dashboard hook counts the signed-in user's projects by status.
 */
function fixtureProjectsModule(): ServerModule & { dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-fixture-projects-'));
  fs.writeFileSync(
    path.join(dir, '9000_fixture_projects.sql'),
    `create table fixture_projects (id uuid primary key default gen_random_uuid(), owner_id uuid not null references users(id), name text not null,
       status text not null, created_at timestamptz not null default now(), updated_at timestamptz not null default now());`,
  );
  return {
    name: 'fixture-projects',
    dir,
    migrations: { dir },
    async dashboard(ctx, user) {
      const byStatus = await sql<{ status: string; count: string }>`
        select status, count(*) as count from fixture_projects where owner_id = ${user.id}::uuid group by 1 order by 2 desc, 1`.execute(
        ctx.db,
      );
      const recent = await sql<{ id: string; name: string; status: string; created_at: Date; updated_at: Date }>`
        select id::text as id, name, status, created_at, updated_at from fixture_projects where owner_id = ${user.id}::uuid order by updated_at desc limit 8`.execute(
        ctx.db,
      );
      const counts = byStatus.rows.map((r) => ({ status: r.status, count: Number(r.count) }));
      return {
        projects: { total: counts.reduce((n, r) => n + r.count, 0), byStatus: counts },
        recentActivity: recent.rows.map((p) => ({
          kind: 'project' as const,
          id: p.id,
          title: p.name,
          action: 'created' as const,
          at: new Date(p.updated_at).toISOString(),
          href: `/dashboard/projects/view?id=${p.id}`,
          detail: p.status,
        })),
      };
    },
  };
}

interface Summary {
  period: { from: string; to: string; timeZone: string };
  routesThisMonth: { count: number; distanceM: number; ascentM: number };
  routesTotal: number;
  projects: { total: number; byStatus: { status: string; count: number }[] };
  recentActivity: { kind: string; id: string; title: string; action: string; at: string; href: string; detail: string | null }[];
  available: { routes: boolean; projects: boolean };
}

async function insertRoute(t: TestApp, ownerId: string, name: string, at: Date, stats: Record<string, unknown>) {
  await sql`insert into routes (owner_id, name, region, waypoints, geometry, stats, created_at, updated_at)
            values (${ownerId}::uuid, ${name}, 'andorra', '[]'::jsonb, '', ${JSON.stringify(stats)}::jsonb, ${at}, ${at})`.execute(t.db());
}

describe('GET /api/dashboard/summary', () => {
  let t: TestApp;
  let alice: SignedInTestUser;
  let bob: SignedInTestUser;
  const fixture = fixtureProjectsModule();
  beforeAll(async () => {
    t = await createTestApp({}, [...modules, fixture]);
    alice = await t.signIn({ name: 'Alice' });
    bob = await t.signIn({ name: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
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

  it("counts projects by status from a projects module's dashboard hook", async () => {
    for (const [name, status] of [
      ['Trail map', 'active'],
      ['Park survey', 'active'],
      ['Old plan', 'archived'],
      ['Idea', 'draft'],
    ] as const) {
      await sql`insert into fixture_projects (owner_id, name, status) values (${alice.id}::uuid, ${name}, ${status})`.execute(t.db());
    }
    await sql`insert into fixture_projects (owner_id, name, status) values (${bob.id}::uuid, 'Not yours', 'active')`.execute(t.db());
    const s = (await (await get(alice)).json()) as Summary;
    expect(s.available.projects).toBe(true);
    expect(s.projects.total).toBe(4);
    expect(s.projects.byStatus).toEqual([
      { status: 'active', count: 2 },
      { status: 'archived', count: 1 },
      { status: 'draft', count: 1 },
    ]);
    expect(s.recentActivity.some((a) => a.kind === 'project' && a.title === 'Trail map')).toBe(true);
    expect(s.recentActivity.some((a) => a.title === 'Not yours')).toBe(false);
  });

  it('still answers (with zeros) when the routes table does not exist', async () => {
    await sql`drop table fixture_projects`.execute(t.db());
    await sql`drop table routes cascade`.execute(t.db());
    const res = await get(alice);
    expect(res.status).toBe(200);
    const s = (await res.json()) as Summary;
    expect(s.available).toEqual({ routes: false, projects: false });
    expect(s.routesThisMonth).toEqual({ count: 0, distanceM: 0, ascentM: 0 });
    expect(s.recentActivity).toEqual([]);
  });
});

describe('GET /api/dashboard/summary on a server without the planner', () => {
  it('says routes are not available and answers zeros', async () => {
    const t = await createTestApp(
      {},
      modules.filter((m) => m.name !== 'planner'),
    );
    try {
      const exists = await sql<{ t: string | null }>`select to_regclass('public.routes')::text as t`.execute(t.db());
      expect(exists.rows[0]?.t).toBeNull(); // the planner's migration is the planner's: not applied without it
      const alice = await t.signIn();
      const res = await t.json('GET', '/api/dashboard/summary', undefined, alice.headers);
      expect(res.status).toBe(200);
      const s = (await res.json()) as Summary;
      expect(s.available).toEqual({ routes: false, projects: false });
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
