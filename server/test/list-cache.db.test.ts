// The list cache (server/src/db/list-cache.ts) against the real database: the route, project and
// task lists answer repeat requests from memory, and every change to a table a page was read from —
// through the API, by plain SQL, by another server process — shows in the very next response.
// On PostgreSQL, two real server processes share one database: a change made through one is in the
// other's next list response.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSummary, RoutePage, TaskList } from '@waymark/contracts';
import { encodeRouteGeometry } from '@waymark/geo';
import { hashPassword } from '../src/auth/crypto.ts';
import { listCacheFor } from '../src/db/list-cache.ts';
import { cookieFrom, createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB, createTestDatabase, type TestDatabase } from './support/db.ts';
import { spawnServer, type ServerProcess } from './support/process.ts';
import { makeProject } from './support/projects.ts';
import { createTask, insertTasks } from './support/tasks.ts';

const A = { lon: 1.5209, lat: 42.5078 };
const B = { lon: 1.5301, lat: 42.5102 };

function routeBody(name: string) {
  return {
    name,
    description: 'Up the valley',
    visibility: 'private',
    region: 'andorra',
    waypoints: [
      { ...A, mode: 'snap' },
      { ...B, mode: 'snap' },
    ],
    geometry: encodeRouteGeometry([
      [A.lon, A.lat, 1050],
      [B.lon, B.lat, 1080],
    ]),
    stats: { distanceM: 1000, ascentM: 30, descentM: 0, timeS: 600 },
  };
}

interface ProjectPage {
  items: ProjectSummary[];
  total: number;
  statusCounts: Record<string, number>;
}

const LIST_TABLES = ['routes', 'projects', 'project_members', 'project_documents', 'tasks', 'users'];

describe(`list cache on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let viewer: SignedInTestUser;
  let projectId: string;

  const get = async <T>(who: SignedInTestUser, p: string) => {
    const res = await t.json('GET', p, undefined, who.headers);
    expect(res.status, p).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as T;
  };
  const tasks = (who: SignedInTestUser, qs = '') => get<TaskList>(who, `/api/tasks?pageSize=20${qs}`);
  const projects = (who: SignedInTestUser) => get<ProjectPage>(who, '/api/projects?pageSize=20');
  const routes = (who: SignedInTestUser) => get<RoutePage>(who, '/api/routes?pageSize=20');
  const exec = (q: string) => sql.raw(q).execute(t.db());

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn({ name: 'Olivia Owner' });
    viewer = await t.signIn({ name: 'Vera Viewer' });
    projectId = await makeProject(t, { owner, viewer }, 'Course marking');
    await insertTasks(t, projectId, owner.id, [
      { title: 'Flag the junction', status: 'todo', assignee_id: viewer.id },
      { title: 'Book the hall', status: 'done' },
    ]);
    // Let the set-up's own notifications arrive (on PostgreSQL they travel asynchronously).
    await t.ctx.database.notifications.fence();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a change trigger on every table a cached list reads (migration 0800)', async () => {
    const r = await sql<{ tgname: string }>`select tgname from pg_trigger where tgname like '%_list_changed' order by tgname`.execute(
      t.db(),
    );
    expect(r.rows.map((x) => x.tgname)).toEqual(LIST_TABLES.map((x) => `${x}_list_changed`).sort());
  });

  it('has the indexes of the lists’ default orders and per-project figures (migration 0810)', async () => {
    const r = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'tasks' and indexname in ('tasks_updated_idx', 'tasks_project_status_idx')
       order by indexname`.execute(t.db());
    expect(r.rows.map((x) => x.indexname)).toEqual(['tasks_project_status_idx', 'tasks_updated_idx']);
    expect(r.rows[1]!.indexdef).toMatch(/\(updated_at DESC, id\)/);
  });

  it('answers a repeated list request from memory, and the next one after a change from the database', async () => {
    const cache = listCacheFor(t.ctx.database.notifications);
    const first = await tasks(owner);
    expect(first.total).toBe(2);
    expect(cache.active).toBe(true);
    expect(cache.size).toBeGreaterThan(0);
    // Memory, not the database: with the trigger switched off a rename goes unseen…
    await exec('alter table tasks disable trigger tasks_list_changed');
    try {
      await exec(`update tasks set title = 'Renamed quietly' where title = 'Flag the junction'`);
      expect((await tasks(owner)).items.map((i) => i.title)).toContain('Flag the junction');
    } finally {
      await exec('alter table tasks enable trigger tasks_list_changed');
    }
    // …and with it on, the next request sees it.
    await exec(`update tasks set title = 'Renamed loudly' where title = 'Renamed quietly'`);
    expect((await tasks(owner)).items.map((i) => i.title)).toContain('Renamed loudly');
  });

  it('shows task writes through the API in the next list response, with their counts', async () => {
    const before = await tasks(owner);
    const created = await createTask(t, owner, { projectId, title: 'Survey the ridge', priority: 'critical' });
    const after = await tasks(owner);
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((i) => i.id)).toContain(created.id);
    expect(after.facets.priority.find((f) => f.value === 'critical')?.count).toBe(1);
    const filtered = await tasks(owner, '&priority=critical');
    expect(filtered.total).toBe(1);

    expect((await t.json('PATCH', `/api/tasks/${created.id}`, { priority: 'low' }, owner.headers)).status).toBe(200);
    expect((await tasks(owner, '&priority=critical')).total).toBe(0);
    expect((await t.json('DELETE', `/api/tasks/${created.id}`, undefined, owner.headers)).status).toBe(204);
    expect((await tasks(owner)).total).toBe(before.total);
  });

  it('shows renames of projects and people by plain SQL in the task and project lists', async () => {
    await tasks(owner);
    await projects(owner);
    await exec(`update projects set name = 'Course marking II' where id = '${projectId}'`);
    const tl = await tasks(owner);
    expect(new Set(tl.items.map((i) => i.project.name))).toEqual(new Set(['Course marking II']));
    expect(tl.facets.project.map((f) => f.label)).toEqual(['Course marking II']);
    expect((await projects(owner)).items.map((p) => p.name)).toEqual(['Course marking II']);
    await exec(`update users set name = 'Vera Renamed' where id = '${viewer.id}'`);
    const assignees = (await tasks(owner)).items.flatMap((i) => (i.assignee ? [i.assignee.name] : []));
    expect(assignees).toEqual(['Vera Renamed']);
  });

  it('shows task progress on the project cards after a task changes', async () => {
    const p0 = (await projects(owner)).items[0]!;
    await exec(`update tasks set status = 'done' where project_id = '${projectId}'`);
    const p1 = (await projects(owner)).items[0]!;
    expect(p1.tasks.done).toBe(p1.tasks.total);
    expect(p1.tasks.done).toBeGreaterThan(p0.tasks.done);
  });

  it('hides a project’s rows and counts from a member on the request after they are removed', async () => {
    expect((await tasks(viewer)).total).toBeGreaterThan(0);
    expect((await projects(viewer)).total).toBe(1);
    await exec(`delete from project_members where project_id = '${projectId}' and user_id = '${viewer.id}'`);
    const tl = await tasks(viewer);
    expect(tl.total).toBe(0);
    expect(tl.items).toEqual([]);
    expect(tl.facets.project).toEqual([]);
    expect(tl.facets.status).toEqual([]);
    const pl = await projects(viewer);
    expect(pl.total).toBe(0);
    expect(pl.statusCounts).toEqual({});
  });

  it('shows routes created through the API and deleted or truncated by SQL', async () => {
    expect((await routes(owner)).total).toBe(0);
    const res = await t.json('POST', '/api/routes', routeBody('Loop'), owner.headers);
    expect(res.status).toBe(201);
    expect((await routes(owner)).items.map((r) => r.name)).toEqual(['Loop']);
    await exec(`update routes set name = 'Loop two'`);
    expect((await routes(owner)).items.map((r) => r.name)).toEqual(['Loop two']);
    await exec('truncate routes');
    expect((await routes(owner)).total).toBe(0);
  });

  it('keeps one user’s page from another', async () => {
    const mine = await routes(owner);
    await t.json('POST', '/api/routes', routeBody('Private loop'), owner.headers);
    expect((await routes(owner)).total).toBe(mine.total + 1);
    expect((await routes(viewer)).total).toBe(0);
  });
});

describe.runIf(TEST_DB === 'postgres')('list cache with two server processes on one PostgreSQL', () => {
  let tdb: TestDatabase;
  let admin: pg.Client;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-proc-'));
      dirs.push(dir);
      servers.push(await spawnServer({ ...tdb.env, DATA_DIR: dir, PORT: '0', AUTH_RATE_IP_MAX: '100000', LOG_LEVEL: 'info' }, 90_000));
    }
    [a, b] = servers as [ServerProcess, ServerProcess];
    admin = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
    await admin.connect();
  }, 180_000);

  afterAll(async () => {
    await admin?.end();
    for (const s of servers) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await tdb?.drop();
  });

  /** A browser-like client signed in on A whose cookies also work on B (one database). */
  async function signedIn(email: string, password: string) {
    await admin.query(
      "insert into users (email, name, role, password_hash, email_verified_at) values ($1, 'Proc User', 'user', $2, now())",
      [email, await hashPassword(password)],
    );
    const res = await fetch(`${a.url}/api/_auth/csrf`);
    const { token } = (await res.json()) as { token: string };
    const jar = { csrf: cookieFrom(res, 'waymark_csrf')!, session: '' };
    const send = async (to: ServerProcess, method: string, p: string, body?: unknown) => {
      const r = await fetch(`${to.url}${p}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: to.url,
          'x-csrf-token': token,
          cookie: [jar.csrf, jar.session].filter(Boolean).join('; '),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const set = cookieFrom(r, 'waymark_session');
      if (set !== undefined) jar.session = set;
      return r;
    };
    expect((await send(a, 'POST', '/api/auth/signin', { email, password })).status).toBe(200);
    return send;
  }

  it('shows on B, in its very next list response, what was written through A (25 rounds)', async () => {
    const send = await signedIn('lists@test.waymark.local', 'two processes one list cache');
    const total = async (to: ServerProcess) => {
      const r = await send(to, 'GET', '/api/routes?pageSize=20');
      expect(r.status).toBe(200);
      return ((await r.json()) as RoutePage).total;
    };
    for (let i = 1; i <= 25; i++) {
      expect(await total(b)).toBe(i - 1);
      expect(await total(b)).toBe(i - 1); // now in B's memory
      expect((await send(a, 'POST', '/api/routes', routeBody(`Route ${i}`))).status).toBe(201);
      expect(await total(b)).toBe(i);
    }
    // and a change by plain SQL (another writer altogether) reaches both
    await admin.query('delete from routes');
    expect(await total(a)).toBe(0);
    expect(await total(b)).toBe(0);
  });

  it('shows a task created through A and its facet counts on B at once', async () => {
    const send = await signedIn('tasks@test.waymark.local', 'two processes one task list');
    const pr = await send(a, 'POST', '/api/projects', { name: 'Shared', status: 'active' });
    expect(pr.status).toBe(201);
    const projectId = ((await pr.json()) as { id: string }).id;
    const list = async (to: ServerProcess) => (await (await send(to, 'GET', '/api/tasks?pageSize=20')).json()) as TaskList;
    for (let i = 1; i <= 5; i++) {
      expect((await list(b)).total).toBe(i - 1);
      expect((await send(a, 'POST', '/api/tasks', { projectId, title: `Task ${i}`, status: 'done' })).status).toBe(201);
      const l = await list(b);
      expect(l.total).toBe(i);
      expect(l.facets.status.find((f) => f.value === 'done')?.count).toBe(i);
    }
  });
});
