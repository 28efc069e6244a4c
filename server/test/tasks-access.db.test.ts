import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskList, TaskProjects } from '@waymark/contracts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { makeProject } from './support/projects.ts';
import { createTask } from './support/tasks.ts';

type Who = 'owner' | 'editor' | 'viewer' | 'other' | 'anonymous';
const WHO: Who[] = ['owner', 'editor', 'viewer', 'other', 'anonymous'];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Role matrix: owner, editor, viewer, non-member and anonymous × every task endpoint, with the
 * expected status of each cell; a non-member's answer is the same as for a task that does not
 * exist (ids are never confirmed), and a refused request changes nothing.
 */
describe(`tasks role matrix on ${TEST_DB}`, () => {
  let t: TestApp;
  const people = {} as Record<Exclude<Who, 'anonymous'>, SignedInTestUser>;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const w of ['owner', 'editor', 'viewer', 'other'] as const) people[w] = await t.signIn({ name: w });
    projectId = await makeProject(t, { owner: people.owner, editor: people.editor, viewer: people.viewer }, 'Matrix');
  });
  afterAll(async () => t?.close());

  const headers = (w: Who) => (w === 'anonymous' ? {} : people[w].headers);
  const freshTask = async (title = 'cell') => (await createTask(t, people.owner, { projectId, title })).id;
  const snapshot = async (id: string) =>
    t.db().selectFrom('tasks').select(['title', 'status', 'priority', 'updated_at']).where('id', '=', id).executeTakeFirst();

  interface Cell {
    name: string;
    expected: Record<Who, number>;
    call: (w: Who) => Promise<{ res: Response; id?: string }>;
    /** for cells that write: the task id whose row must be unchanged after a refusal */
    unchanged?: boolean;
  }

  const W = { owner: 200, editor: 200, viewer: 403, other: 404, anonymous: 401 };
  const cells: Cell[] = [
    {
      name: 'GET /api/tasks',
      expected: { owner: 200, editor: 200, viewer: 200, other: 200, anonymous: 401 },
      call: async (w) => ({ res: await t.json('GET', `/api/tasks?project=${projectId}`, undefined, headers(w)) }),
    },
    {
      name: 'GET /api/tasks/projects',
      expected: { owner: 200, editor: 200, viewer: 200, other: 200, anonymous: 401 },
      call: async (w) => ({ res: await t.json('GET', '/api/tasks/projects', undefined, headers(w)) }),
    },
    {
      name: 'POST /api/tasks',
      expected: { ...W, owner: 201, editor: 201 },
      call: async (w) => ({ res: await t.json('POST', '/api/tasks', { projectId, title: `by ${w}` }, headers(w)) }),
    },
    {
      name: 'GET /api/tasks/:id',
      expected: { owner: 200, editor: 200, viewer: 200, other: 404, anonymous: 401 },
      call: async (w) => {
        const id = await freshTask();
        return { res: await t.json('GET', `/api/tasks/${id}`, undefined, headers(w)), id };
      },
    },
    {
      name: 'PATCH /api/tasks/:id',
      expected: W,
      unchanged: true,
      call: async (w) => {
        const id = await freshTask();
        return { res: await t.json('PATCH', `/api/tasks/${id}`, { title: 'changed', status: 'done' }, headers(w)), id };
      },
    },
    {
      name: 'POST /api/tasks/:id/duplicate',
      expected: { ...W, owner: 201, editor: 201 },
      call: async (w) => {
        const id = await freshTask(`dup ${w}`);
        return { res: await t.json('POST', `/api/tasks/${id}/duplicate`, undefined, headers(w)), id };
      },
    },
    {
      name: 'DELETE /api/tasks/:id',
      expected: { ...W, owner: 204, editor: 204 },
      unchanged: true,
      call: async (w) => {
        const id = await freshTask();
        return { res: await t.json('DELETE', `/api/tasks/${id}`, undefined, headers(w)), id };
      },
    },
    {
      name: 'POST /api/tasks/bulk-update',
      expected: W,
      unchanged: true,
      call: async (w) => {
        const id = await freshTask();
        return { res: await t.json('POST', '/api/tasks/bulk-update', { ids: [id], status: 'done' }, headers(w)), id };
      },
    },
    {
      name: 'POST /api/tasks/bulk-delete',
      expected: W,
      unchanged: true,
      call: async (w) => {
        const id = await freshTask();
        return { res: await t.json('POST', '/api/tasks/bulk-delete', { ids: [id] }, headers(w)), id };
      },
    },
  ];

  it('answers the expected status in every cell, the one error shape on refusals, and changes nothing when refused', async () => {
    const got: Record<string, Record<Who, number>> = {};
    const want: Record<string, Record<Who, number>> = {};
    for (const cell of cells) {
      got[cell.name] = {} as Record<Who, number>;
      want[cell.name] = cell.expected;
      for (const w of WHO) {
        const { res, id } = await cell.call(w);
        got[cell.name]![w] = res.status;
        if (res.status >= 400) {
          const body = (await res.json()) as { error: { code: string; message: string } };
          expect(Object.keys(body)).toEqual(['error']);
          expect(typeof body.error.code).toBe('string');
          expect(typeof body.error.message).toBe('string');
          if (cell.unchanged && id) {
            const row = await snapshot(id);
            expect(row, `${cell.name} as ${w} must leave the task in place`).toBeTruthy();
            expect(row!.title).toBe('cell');
            expect(row!.status).toBe('todo');
          }
        } else if (res.status !== 204) {
          await res.arrayBuffer();
        }
      }
    }
    expect(got).toEqual(want);
  });

  it('a non-member gets the same answer as for a task that does not exist, and sees nothing in lists', async () => {
    const id = await freshTask('secret');
    for (const [method, path, body] of [
      ['GET', `/api/tasks/ID`, undefined],
      ['PATCH', `/api/tasks/ID`, { title: 'x' }],
      ['DELETE', `/api/tasks/ID`, undefined],
      ['POST', `/api/tasks/ID/duplicate`, undefined],
    ] as const) {
      const a = await t.json(method, path.replace('ID', id), body, people.other.headers);
      const b = await t.json(method, path.replace('ID', UNKNOWN), body, people.other.headers);
      expect(a.status).toBe(404);
      expect(await a.json()).toEqual(await b.json());
    }
    const created = await t.json('POST', '/api/tasks', { projectId, title: 'x' }, people.other.headers);
    const createdUnknown = await t.json('POST', '/api/tasks', { projectId: UNKNOWN, title: 'x' }, people.other.headers);
    expect(created.status).toBe(404);
    expect(await created.json()).toEqual(await createdUnknown.json());
    const list = (await (await t.json('GET', '/api/tasks?q=secret', undefined, people.other.headers)).json()) as TaskList;
    expect(list.total).toBe(0);
    expect(list.facets.project).toEqual([]);
    const projects = (await (await t.json('GET', '/api/tasks/projects', undefined, people.other.headers)).json()) as TaskProjects;
    expect(projects.projects).toEqual([]);
  });

  it('forged cross-project requests: assignee from another project, moving into a foreign project, mixed bulk ids', async () => {
    const foreign = await makeProject(t, { owner: people.other }, 'Foreign');
    const [foreignTask] = await t.db().insertInto('tasks').values({ project_id: foreign, title: 'foreign' }).returning('id').execute();
    const mine = await freshTask();
    // an editor assigns someone who is only a member of another project
    const a = await t.json('POST', '/api/tasks', { projectId, title: 'x', assigneeId: people.other.id }, people.editor.headers);
    expect(a.status).toBe(400);
    // an editor files a task into a project they are not a member of
    const b = await t.json('POST', '/api/tasks', { projectId: foreign, title: 'x' }, people.editor.headers);
    expect(b.status).toBe(404);
    // moves their task into it
    const c = await t.json('PATCH', `/api/tasks/${mine}`, { projectId: foreign }, people.editor.headers);
    expect(c.status).toBe(404);
    // duplicates, changes or deletes the foreign task by id
    for (const [m, p, body] of [
      ['POST', `/api/tasks/${foreignTask!.id}/duplicate`, undefined],
      ['PATCH', `/api/tasks/${foreignTask!.id}`, { status: 'done' }],
      ['DELETE', `/api/tasks/${foreignTask!.id}`, undefined],
      ['POST', '/api/tasks/bulk-update', { ids: [mine, foreignTask!.id], status: 'done' }],
      ['POST', '/api/tasks/bulk-delete', { ids: [mine, foreignTask!.id] }],
    ] as const) {
      const r = await t.json(m, p, body, people.editor.headers);
      expect(r.status, `${m} ${p}`).toBe(404);
    }
    const foreignRows = await t.db().selectFrom('tasks').select(['title', 'status']).where('project_id', '=', foreign).execute();
    expect(foreignRows).toEqual([{ title: 'foreign', status: 'todo' }]);
    expect((await snapshot(mine))?.status).toBe('todo');
    // a viewer cannot turn the project's task into someone else's by moving it either
    const v = await t.json('PATCH', `/api/tasks/${mine}`, { projectId: foreign }, people.viewer.headers);
    expect(v.status).toBe(403);
  });
});
