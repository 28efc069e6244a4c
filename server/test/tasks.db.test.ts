import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityList, DashboardSummary, ProjectSummary, Task, TaskList, TaskProjects } from '@waymark/contracts';
import { taskList, taskProjects, task as taskSchema } from '@waymark/contracts';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { makeProject } from './support/projects.ts';
import { createTask, errorOf, insertTasks } from './support/tasks.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe(`tasks API on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let editor: SignedInTestUser;
  let viewer: SignedInTestUser;
  let outsider: SignedInTestUser;
  let projectId: string;
  let otherProjectId: string;

  const get = async <T>(who: SignedInTestUser, path: string) => {
    const res = await t.json('GET', path, undefined, who.headers);
    return { status: res.status, body: (await res.json()) as T };
  };
  const list = async (who: SignedInTestUser, qs = '') => {
    const r = await get<TaskList>(who, `/api/tasks${qs ? `?${qs}` : ''}`);
    expect(r.status).toBe(200);
    return taskList.parse(r.body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, viewer, outsider] = [
      await t.signIn({ name: 'Olivia Owner' }),
      await t.signIn({ name: 'Eddie Editor' }),
      await t.signIn({ name: 'Vera Viewer' }),
      await t.signIn({ name: 'Oscar Outsider' }),
    ];
    projectId = await makeProject(t, { owner, editor, viewer }, 'Course marking');
    otherProjectId = await makeProject(t, { owner: outsider }, 'Not yours');
  });
  afterAll(async () => t?.close());

  it('creates a task with defaults, reads it back, and logs it in the project activity', async () => {
    const created = await createTask(t, editor, { projectId, title: '  Flag the junctions  ' });
    expect(taskSchema.strict().parse(created)).toBeTruthy();
    expect(created).toMatchObject({
      project: { id: projectId, name: 'Course marking' },
      title: 'Flag the junctions',
      description: '',
      status: 'todo',
      priority: 'medium',
      label: '',
      assignee: null,
      dueDate: null,
      doneAt: null,
      canEdit: true,
      createdBy: { id: editor.id, name: 'Eddie Editor' },
    });
    const r = await get<Task>(viewer, `/api/tasks/${created.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...created, canEdit: false });
    const act = await get<ActivityList>(owner, `/api/projects/${projectId}/activity`);
    expect(act.body.items[0]).toMatchObject({ action: 'task.created', actor: { id: editor.id }, data: { title: 'Flag the junctions' } });
  });

  it('stores every field; the assignee must be a member of the task’s project', async () => {
    const full = await createTask(t, owner, {
      projectId,
      title: 'Aid station water',
      description: '40 litres at km 19',
      status: 'in_progress',
      priority: 'critical',
      label: 'Logistics',
      assigneeId: viewer.id,
      dueDate: '2027-02-28',
    });
    expect(full).toMatchObject({
      status: 'in_progress',
      priority: 'critical',
      label: 'logistics',
      assignee: { id: viewer.id, name: 'Vera Viewer' },
      dueDate: '2027-02-28',
    });
    const bad = await t.json('POST', '/api/tasks', { projectId, title: 'x', assigneeId: outsider.id }, owner.headers);
    expect(bad.status).toBe(400);
    const err = await errorOf(bad);
    expect(err.code).toBe('validation_error');
    expect(err.details).toEqual({ issues: [{ path: 'assigneeId', message: expect.stringContaining('member') }] });
    const noSuchUser = await t.json('POST', '/api/tasks', { projectId, title: 'x', assigneeId: UNKNOWN }, owner.headers);
    expect(noSuchUser.status).toBe(400);
    // Changing the assignee to a non-member is refused too, and nothing changes.
    const patch = await t.json('PATCH', `/api/tasks/${full.id}`, { assigneeId: outsider.id, title: 'changed' }, owner.headers);
    expect(patch.status).toBe(400);
    expect((await get<Task>(owner, `/api/tasks/${full.id}`)).body.title).toBe('Aid station water');
  });

  it('updates fields, stamps done_at and logs done / reopened / canceled', async () => {
    const tk = await createTask(t, editor, { projectId, title: 'Permit from the commune' });
    const done = await t.json('PATCH', `/api/tasks/${tk.id}`, { status: 'done' }, editor.headers);
    expect(done.status).toBe(200);
    const d = (await done.json()) as Task;
    expect(d.status).toBe('done');
    expect(d.doneAt).not.toBeNull();
    expect(d.updatedBy).toEqual({ id: editor.id, name: 'Eddie Editor' });
    const again = (await (
      await t.json('PATCH', `/api/tasks/${tk.id}`, { status: 'todo', dueDate: '2027-01-01', label: 'permit' }, owner.headers)
    ).json()) as Task;
    expect(again).toMatchObject({ status: 'todo', doneAt: null, dueDate: '2027-01-01', label: 'permit', updatedBy: { id: owner.id } });
    await t.json('PATCH', `/api/tasks/${tk.id}`, { status: 'canceled' }, owner.headers);
    const cleared = (await (await t.json('PATCH', `/api/tasks/${tk.id}`, { dueDate: null, label: '' }, owner.headers)).json()) as Task;
    expect(cleared).toMatchObject({ dueDate: null, label: '', status: 'canceled' });
    const act = await get<ActivityList>(owner, `/api/projects/${projectId}/activity?limit=5`);
    const mine = act.body.items.filter((a) => a.data.taskId === tk.id).map((a) => a.action);
    expect(mine).toEqual(['task.canceled', 'task.reopened', 'task.done', 'task.created']);
  });

  it('duplicates (a copy in the same project) and deletes', async () => {
    const src = await createTask(t, editor, {
      projectId,
      title: 'Sweepers checklist',
      label: 'documentation',
      priority: 'low',
      assigneeId: editor.id,
    });
    const res = await t.json('POST', `/api/tasks/${src.id}/duplicate`, undefined, editor.headers);
    expect(res.status).toBe(201);
    const copy = (await res.json()) as Task;
    expect(copy.id).not.toBe(src.id);
    expect(copy).toMatchObject({
      title: 'Sweepers checklist (copy)',
      label: 'documentation',
      priority: 'low',
      assignee: { id: editor.id },
    });
    const del = await t.json('DELETE', `/api/tasks/${copy.id}`, undefined, editor.headers);
    expect(del.status).toBe(204);
    expect((await get(owner, `/api/tasks/${copy.id}`)).status).toBe(404);
    expect((await t.json('DELETE', `/api/tasks/${copy.id}`, undefined, editor.headers)).status).toBe(404);
    const act = await get<ActivityList>(owner, `/api/projects/${projectId}/activity?limit=3`);
    expect(act.body.items[0]).toMatchObject({ action: 'task.deleted', data: { title: 'Sweepers checklist (copy)' } });
  });

  it('moves a task to another project only for an editor of both, and only with an assignee who is a member there', async () => {
    const second = await makeProject(t, { owner, editor: viewer }, 'Second project');
    const tk = await createTask(t, owner, { projectId, title: 'Move me', assigneeId: editor.id });
    // editor is not a member of the second project: 400 for the assignee
    const r1 = await t.json('PATCH', `/api/tasks/${tk.id}`, { projectId: second }, owner.headers);
    expect(r1.status).toBe(400);
    expect((await errorOf(r1)).details).toEqual({ issues: [{ path: 'assigneeId', message: expect.any(String) }] });
    // editor of the first only (not a member of the second) cannot move it there: 404, the project is hidden
    const r2 = await t.json('PATCH', `/api/tasks/${tk.id}`, { projectId: second, assigneeId: null }, editor.headers);
    expect(r2.status).toBe(404);
    // into a project of someone else: 404, nothing moved
    const r3 = await t.json('PATCH', `/api/tasks/${tk.id}`, { projectId: otherProjectId, assigneeId: null }, owner.headers);
    expect(r3.status).toBe(404);
    const ok = await t.json('PATCH', `/api/tasks/${tk.id}`, { projectId: second, assigneeId: viewer.id }, owner.headers);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Task).project).toEqual({ id: second, name: 'Second project' });
  });

  it('a member who leaves stops being the assignee; deleting the project deletes its tasks', async () => {
    const p = await makeProject(t, { owner, editor }, 'Short-lived');
    const tk = await createTask(t, owner, { projectId: p, title: 'Assigned to the editor', assigneeId: editor.id });
    const leave = await t.json('DELETE', `/api/projects/${p}/members/${editor.id}`, undefined, editor.headers);
    expect(leave.status).toBeLessThan(300);
    expect((await get<Task>(owner, `/api/tasks/${tk.id}`)).body.assignee).toBeNull();
    const del = await t.json('DELETE', `/api/projects/${p}`, undefined, owner.headers);
    expect(del.status).toBe(204);
    const left = await t.db().selectFrom('tasks').select('id').where('project_id', '=', p).execute();
    expect(left).toEqual([]);
  });

  it('lists only tasks of the user’s projects, with search, filters, sort, pages and facets', async () => {
    const p = await makeProject(t, { owner, editor }, 'List project');
    const hidden = await makeProject(t, { owner: outsider }, 'Hidden project');
    await insertTasks(t, hidden, outsider.id, [{ title: 'Secret alpha task', label: 'marking' }]);
    await insertTasks(
      t,
      p,
      owner.id,
      Array.from({ length: 25 }, (_, i) => ({
        title: `alpha ${String(i).padStart(2, '0')}`,
        status: (['backlog', 'todo', 'in_progress', 'done', 'canceled'] as const)[i % 5],
        priority: (['low', 'medium', 'high', 'critical'] as const)[i % 4],
        label: i % 3 === 0 ? 'marking' : i % 3 === 1 ? 'safety' : '',
        assignee_id: i % 2 === 0 ? editor.id : null,
        due_date: i < 10 ? `2027-01-${String(i + 10)}` : null,
      })),
    );
    const all = await list(owner, `project=${p}&pageSize=100`);
    expect(all.total).toBe(25);
    expect(all.items.every((x) => x.project.id === p)).toBe(true);
    // the outsider's task never shows, even when searched for or filtered by its project
    expect((await list(owner, 'q=Secret')).total).toBe(0);
    expect((await list(owner, `project=${hidden}`)).total).toBe(0);
    // the project facet counts the other projects (its own filter left out), never the hidden one
    const facet = (await list(owner, `project=${hidden}`)).facets.project;
    expect(facet.find((x) => x.value === p)).toEqual({ value: p, label: 'List project', count: 25 });
    expect(facet.some((x) => x.value === hidden)).toBe(false);

    const f = await list(owner, `project=${p}&q=alpha&status=todo,done&priority=high&pageSize=5&sort=title&order=asc`);
    const expected = Array.from({ length: 25 }, (_, i) => i).filter((i) => [1, 3].includes(i % 5) && i % 4 === 2);
    expect(f.total).toBe(expected.length);
    expect(f.items.map((x) => x.title)).toEqual(expected.slice(0, 5).map((i) => `alpha ${String(i).padStart(2, '0')}`));
    // facets: each counts with the other filters but not its own
    const statusFacet = Object.fromEntries(f.facets.status.map((s) => [s.value, s.count]));
    const byStatus = (st: number) => Array.from({ length: 25 }, (_, i) => i).filter((i) => i % 5 === st && i % 4 === 2).length;
    expect(statusFacet).toEqual(
      Object.fromEntries(
        [0, 1, 2, 3, 4].map((st) => [['backlog', 'todo', 'in_progress', 'done', 'canceled'][st], byStatus(st)]).filter(([, n]) => n),
      ),
    );
    expect(f.facets.status.find((s) => s.value === 'in_progress')?.label).toBe('In progress');
    expect(f.facets.priority.reduce((s, x) => s + x.count, 0)).toBe(
      Array.from({ length: 25 }, (_, i) => i).filter((i) => [1, 3].includes(i % 5)).length,
    );

    const unassigned = await list(owner, `project=${p}&assignee=none&pageSize=100`);
    expect(unassigned.total).toBe(12);
    expect(unassigned.items.every((x) => x.assignee === null)).toBe(true);
    const both = await list(owner, `project=${p}&assignee=none,${editor.id}`);
    expect(both.total).toBe(25);
    const assigneeFacet = (await list(owner, `project=${p}`)).facets.assignee;
    expect(assigneeFacet).toEqual([
      { value: editor.id, label: 'Eddie Editor', count: 13 },
      { value: 'none', label: 'No assignee', count: 12 },
    ]);
    const labels = (await list(owner, `project=${p}&label=marking,safety`)).facets.label;
    expect(labels).toEqual([
      { value: 'marking', label: 'marking', count: 9 },
      { value: 'safety', label: 'safety', count: 8 },
    ]);
    expect((await list(owner, `project=${p}&label=marking,safety`)).total).toBe(17);

    // sorts: due ascending puts tasks without a date last, in both directions
    const due = await list(owner, `project=${p}&sort=due&pageSize=100`);
    expect(due.items.slice(0, 10).map((x) => x.dueDate)).toEqual(Array.from({ length: 10 }, (_, i) => `2027-01-${i + 10}`));
    expect(due.items.slice(10).every((x) => x.dueDate === null)).toBe(true);
    const dueDesc = await list(owner, `project=${p}&sort=due&order=desc&pageSize=100`);
    expect(dueDesc.items[0]!.dueDate).toBe('2027-01-19');
    expect(dueDesc.items.at(-1)!.dueDate).toBeNull();
    const pri = await list(owner, `project=${p}&sort=priority&pageSize=100`);
    const rank = { low: 0, medium: 1, high: 2, critical: 3 };
    expect(pri.items.map((x) => rank[x.priority])).toEqual([...pri.items.map((x) => rank[x.priority])].sort((a, b) => b - a));
    const st = await list(owner, `project=${p}&sort=status&order=asc&pageSize=100`);
    const srank = { backlog: 0, todo: 1, in_progress: 2, done: 3, canceled: 4 };
    expect(st.items.map((x) => srank[x.status])).toEqual([...st.items.map((x) => srank[x.status])].sort((a, b) => a - b));
    // pages are disjoint and cover everything
    const pages = [1, 2, 3].map((n) => list(owner, `project=${p}&sort=title&pageSize=10&page=${n}`));
    const ids = (await Promise.all(pages)).flatMap((pg) => pg.items.map((x) => x.id));
    expect(new Set(ids).size).toBe(25);
    expect((await list(owner, `project=${p}&page=99`)).items).toEqual([]);
    // search matches the label and description too; LIKE wildcards are literal
    expect((await list(owner, `project=${p}&q=%25`)).total).toBe(0);
    expect((await list(owner, `project=${p}&q=SAFETY`)).total).toBe(8);
  });

  it('GET /api/tasks/projects lists the user’s projects with their role and members', async () => {
    const r = await get<TaskProjects>(viewer, '/api/tasks/projects');
    expect(r.status).toBe(200);
    const body = taskProjects.parse(r.body);
    const course = body.projects.find((p) => p.id === projectId)!;
    expect(course.role).toBe('viewer');
    expect(course.members.map((m) => m.name).sort()).toEqual(['Eddie Editor', 'Olivia Owner', 'Vera Viewer']);
    expect(body.projects.some((p) => p.id === otherProjectId)).toBe(false);
  });

  it('bulk-changes status and priority of several tasks, all or none', async () => {
    const a = await createTask(t, editor, { projectId, title: 'Bulk A' });
    const b = await createTask(t, editor, { projectId, title: 'Bulk B' });
    const r = await t.json('POST', '/api/tasks/bulk-update', { ids: [a.id, b.id], status: 'done', priority: 'high' }, editor.headers);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { updated: number; items: Task[] };
    expect(body.updated).toBe(2);
    expect(body.items.map((x) => [x.status, x.priority])).toEqual([
      ['done', 'high'],
      ['done', 'high'],
    ]);
    const act = await get<ActivityList>(owner, `/api/projects/${projectId}/activity?limit=2`);
    expect(act.body.items.map((x) => x.action)).toEqual(['task.done', 'task.done']);
    // one task of someone else's project in the batch: 404, and nothing changes
    const [theirs] = await t.db().insertInto('tasks').values({ project_id: otherProjectId, title: 'theirs' }).returning('id').execute();
    const forged = await t.json('POST', '/api/tasks/bulk-update', { ids: [a.id, theirs!.id], status: 'todo' }, editor.headers);
    expect(forged.status).toBe(404);
    expect((await errorOf(forged)).details).toEqual({ ids: [theirs!.id] });
    expect((await get<Task>(owner, `/api/tasks/${a.id}`)).body.status).toBe('done');
    expect((await t.db().selectFrom('tasks').select('status').where('id', '=', theirs!.id).executeTakeFirstOrThrow()).status).toBe('todo');
    // a viewer: 403, nothing changes
    const v = await t.json('POST', '/api/tasks/bulk-update', { ids: [a.id], status: 'todo' }, viewer.headers);
    expect(v.status).toBe(403);
    expect((await get<Task>(owner, `/api/tasks/${a.id}`)).body.status).toBe('done');
    // bulk delete: forged id → 404 and nothing deleted; then both go
    const fd = await t.json('POST', '/api/tasks/bulk-delete', { ids: [a.id, b.id, theirs!.id] }, editor.headers);
    expect(fd.status).toBe(404);
    expect((await get(owner, `/api/tasks/${a.id}`)).status).toBe(200);
    const vd = await t.json('POST', '/api/tasks/bulk-delete', { ids: [a.id] }, viewer.headers);
    expect(vd.status).toBe(403);
    const okd = await t.json('POST', '/api/tasks/bulk-delete', { ids: [a.id, b.id] }, editor.headers);
    expect(okd.status).toBe(200);
    expect(await okd.json()).toEqual({ deleted: 2 });
    expect((await get(owner, `/api/tasks/${b.id}`)).status).toBe(404);
  });

  it('project cards show real task progress (done of not canceled), and the dashboard counts tasks', async () => {
    const p = await makeProject(t, { owner, viewer }, 'Progress project');
    await insertTasks(t, p, owner.id, [
      { title: 'a', status: 'done' },
      { title: 'b', status: 'done' },
      { title: 'c', status: 'todo', assignee_id: owner.id, due_date: '2001-01-01' },
      { title: 'd', status: 'canceled' },
      { title: 'e', status: 'in_progress', due_date: '2999-01-01' },
    ]);
    const proj = await get<ProjectSummary>(viewer, `/api/projects/${p}`);
    expect(proj.body.tasks).toEqual({ done: 2, total: 4 });
    const fresh = await t.signIn();
    const q = await makeProject(t, { owner: fresh, viewer: outsider }, 'Dashboard project');
    await insertTasks(t, q, fresh.id, [
      { title: 'a', status: 'done' },
      { title: 'b', status: 'todo', assignee_id: fresh.id, due_date: '2001-01-01' },
      { title: 'c', status: 'todo', due_date: '2999-01-01' },
      { title: 'd', status: 'canceled', due_date: '2001-01-01' },
    ]);
    const s = await get<DashboardSummary>(fresh, '/api/dashboard/summary?tz=Europe/Paris');
    expect(s.status).toBe(200);
    expect(s.body.available.tasks).toBe(true);
    expect(s.body.tasks).toEqual({
      total: 4,
      open: 2,
      overdue: 1,
      assignedToMe: 1,
      byStatus: [
        { status: 'todo', count: 2 },
        { status: 'done', count: 1 },
        { status: 'canceled', count: 1 },
      ],
    });
  });

  it('the database itself refuses an assignee who is not a member, and bad labels', async () => {
    const bad = t.db().insertInto('tasks').values({ project_id: projectId, title: 'x', assignee_id: outsider.id }).execute();
    await expect(bad).rejects.toThrow();
    await expect(
      sql`insert into tasks (project_id, title, label) values (${projectId}::uuid, 'x', 'a,b')`.execute(t.db()),
    ).rejects.toThrow();
  });
});

describe(`tasks API validation on ${TEST_DB}`, () => {
  let t: TestApp;
  let owner: SignedInTestUser;
  let projectId: string;
  let taskId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn();
    projectId = await makeProject(t, { owner });
    taskId = (await createTask(t, owner, { projectId, title: 'Valid task' })).id;
  });
  afterAll(async () => t?.close());

  const expect400 = async (res: Response, path?: string) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; details?: { issues?: { path: string }[] } } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('validation_error');
    expect(typeof body.error.message).toBe('string');
    if (path !== undefined) expect(body.error.details?.issues?.map((i) => i.path)).toContain(path);
  };

  it('GET /api/tasks: bad filters, sort, page', async () => {
    for (const [qs, path] of [
      ['status=done,finished', 'status.1'],
      ['priority=urgent', 'priority.0'],
      ['project=nope', 'project.0'],
      ['assignee=someone', 'assignee.0'],
      ['sort=colour', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=101', 'pageSize'],
      [`q=${'x'.repeat(101)}`, 'q'],
      [`label=${'l'.repeat(41)}`, 'label.0'],
    ] as const) {
      await expect400(await t.json('GET', `/api/tasks?${qs}`, undefined, owner.headers), path);
    }
  });

  it('POST /api/tasks: every field', async () => {
    const ok = { projectId, title: 'ok' };
    for (const [body, path] of [
      [{ title: 'no project' }, 'projectId'],
      [{ ...ok, projectId: 'p1' }, 'projectId'],
      [{ ...ok, title: '' }, 'title'],
      [{ ...ok, title: '   ' }, 'title'],
      [{ ...ok, title: 't'.repeat(201) }, 'title'],
      [{ ...ok, title: 42 }, 'title'],
      [{ ...ok, description: 'd'.repeat(4001) }, 'description'],
      [{ ...ok, status: 'finished' }, 'status'],
      [{ ...ok, status: 'Done' }, 'status'],
      [{ ...ok, priority: 'urgent' }, 'priority'],
      [{ ...ok, label: 'a,b' }, 'label'],
      [{ ...ok, label: 'l'.repeat(41) }, 'label'],
      [{ ...ok, assigneeId: 'me' }, 'assigneeId'],
      [{ ...ok, dueDate: '2027-02-30' }, 'dueDate'],
      [{ ...ok, dueDate: '27-01-01' }, 'dueDate'],
      [{ ...ok, dueDate: '2027-01-01T10:00:00Z' }, 'dueDate'],
      [{ ...ok, dueDate: 20270101 }, 'dueDate'],
      [{ ...ok, extra: true }, ''],
      [{ ...ok, title: 'nul\u0000' }, 'title'],
      [[], ''],
    ] as const) {
      await expect400(await t.json('POST', '/api/tasks', body, owner.headers), path);
    }
    const notJson = await t.json('POST', '/api/tasks', '{"title":', owner.headers);
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    const wrongType = await t.json('POST', '/api/tasks', JSON.stringify(ok), { ...owner.headers, 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect((await t.db().selectFrom('tasks').select('id').execute()).length).toBe(1);
  });

  it('PATCH /api/tasks/:id: bad fields, empty change, bad id', async () => {
    for (const [body, path] of [
      [{}, ''],
      [{ title: '' }, 'title'],
      [{ status: 'finished' }, 'status'],
      [{ priority: null }, 'priority'],
      [{ dueDate: '2027-13-01' }, 'dueDate'],
      [{ projectId: 'x' }, 'projectId'],
      [{ id: taskId }, ''],
    ] as const) {
      await expect400(await t.json('PATCH', `/api/tasks/${taskId}`, body, owner.headers), path);
    }
    await expect400(await t.json('PATCH', '/api/tasks/not-a-uuid', { title: 'x' }, owner.headers), 'id');
    await expect400(await t.json('GET', '/api/tasks/123', undefined, owner.headers), 'id');
    await expect400(await t.json('DELETE', '/api/tasks/123', undefined, owner.headers), 'id');
    await expect400(await t.json('POST', '/api/tasks/123/duplicate', undefined, owner.headers), 'id');
    expect((await t.json('GET', `/api/tasks/${UNKNOWN}`, undefined, owner.headers)).status).toBe(404);
    const row = await t.db().selectFrom('tasks').select('title').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.title).toBe('Valid task');
  });

  it('bulk endpoints: ids, statuses, limits', async () => {
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    for (const [body, path] of [
      [{ ids: [], status: 'done' }, 'ids'],
      [{ ids: many, status: 'done' }, 'ids'],
      [{ ids: [taskId, taskId], status: 'done' }, 'ids'],
      [{ ids: ['x'], status: 'done' }, 'ids.0'],
      [{ ids: [taskId] }, ''],
      [{ ids: [taskId], status: 'finished' }, 'status'],
      [{ ids: [taskId], title: 'x' }, ''],
      [{ ids: taskId, status: 'done' }, 'ids'],
    ] as const) {
      await expect400(await t.json('POST', '/api/tasks/bulk-update', body, owner.headers), path);
    }
    for (const [body, path] of [
      [{ ids: [] }, 'ids'],
      [{ ids: many }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{}, 'ids'],
      [{ ids: [taskId], status: 'done' }, ''],
    ] as const) {
      await expect400(await t.json('POST', '/api/tasks/bulk-delete', body, owner.headers), path);
    }
    expect((await t.db().selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status).toBe('todo');
  });
});
