import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedInTestUser, type TestApp } from './support/app.ts';
import { TEST_DB } from './support/db.ts';
import { anyJsonOf, fuzzChecks, maybe, oddTextOf, queryStringOf } from './support/fuzz.ts';
import { makeProject } from './support/projects.ts';
import { createTask, insertTasks } from './support/tasks.ts';

/**
 * Property-based fuzz of the tasks API: random JSON bodies, query strings and ids against every
 * endpoint group (list, create/update, single-task actions, bulk). For every request: no 5xx,
 * every non-2xx is the one error shape, and the other user's project's task is never changed nor
 * revealed. TASKS_FUZZ_RUNS sets the bodies per endpoint group (default 2,000).
 */
const RUNS = Number(process.env.TASKS_FUZZ_RUNS ?? 2000);
const SECRET = 'Zq7PrivateTaskMarker';

const oddText = oddTextOf(
  ',',
  'a,b',
  '../..',
  '<script>',
  'a'.repeat(5000),
  'done',
  'in_progress',
  'critical',
  'none',
  '2027-02-30',
  '2027-01-01',
);
const anyJson = anyJsonOf(oddText);

describe(`tasks API fuzz on ${TEST_DB} (${RUNS} bodies per group)`, () => {
  let t: TestApp;
  let me: SignedInTestUser;
  let mate: SignedInTestUser;
  let stranger: SignedInTestUser;
  let mine: string;
  let theirs: string;
  let myTask: string;
  let theirTask: string;
  const { seen, check, send } = fuzzChecks({
    app: () => t,
    as: () => me,
    secret: SECRET,
    revealed: "the other project's task",
    onlyErrorKey: true,
  });

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.signIn();
    mate = await t.signIn();
    stranger = await t.signIn();
    mine = await makeProject(t, { owner: me, editor: mate }, 'Fuzz target');
    theirs = await makeProject(t, { owner: stranger }, SECRET);
    myTask = (await createTask(t, me, { projectId: mine, title: 'fuzz me' })).id;
    await insertTasks(t, mine, me.id, [
      { title: 'one', label: 'x' },
      { title: 'two', status: 'done' },
    ]);
    const [row] = await t.db().insertInto('tasks').values({ project_id: theirs, title: SECRET, label: 'secret' }).returning('id').execute();
    theirTask = row!.id;
  });
  afterAll(async () => {
    // The stranger's task is exactly as it was.
    const row = await t
      .db()
      .selectFrom('tasks')
      .select(['title', 'status', 'label', 'project_id'])
      .where('id', '=', theirTask)
      .executeTakeFirst();
    expect(row).toEqual({ title: SECRET, status: 'todo', label: 'secret', project_id: theirs });
    console.log('tasks fuzz statuses', JSON.stringify(seen));
    await t?.close();
  });

  const ids = () => fc.constantFrom(myTask, theirTask, mine, theirs, me.id, mate.id, stranger.id);
  const idLike = () =>
    fc.oneof(
      ids(),
      fc.uuid(),
      fc.constantFrom('', 'x', '00000000-0000-0000-0000-000000000000', '%00', '..', 'null'),
      fc.string({ maxLength: 40 }),
    );
  const taskish = () =>
    fc.record(
      {
        projectId: maybe(fc.oneof(fc.constantFrom(mine, theirs), idLike(), anyJson)),
        title: maybe(fc.oneof(fc.string({ maxLength: 210 }), oddText, fc.integer())),
        description: maybe(fc.oneof(fc.string({ maxLength: 50 }), oddText, fc.constant('d'.repeat(4001)))),
        status: maybe(fc.oneof(fc.constantFrom('backlog', 'todo', 'in_progress', 'done', 'canceled', 'finished'), oddText)),
        priority: maybe(fc.oneof(fc.constantFrom('low', 'medium', 'high', 'critical', 'urgent'), oddText)),
        label: maybe(fc.oneof(fc.string({ maxLength: 45 }), oddText)),
        assigneeId: maybe(fc.oneof(fc.constant(null), idLike(), anyJson)),
        dueDate: maybe(
          fc.oneof(
            fc.constant(null),
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
            oddText,
            fc.integer(),
          ),
        ),
        extra: maybe(anyJson),
      },
      { requiredKeys: [] },
    );
  /** Bodies that mostly pass the schema, so the handlers' deeper paths (membership, moves, FK) are fuzzed too. */
  const plausible = () =>
    fc.record(
      {
        projectId: fc.constantFrom(mine, mine, mine, theirs),
        title: fc.string({ minLength: 1, maxLength: 60 }),
        description: maybe(fc.string({ maxLength: 60 })),
        status: maybe(fc.constantFrom('backlog', 'todo', 'in_progress', 'done', 'canceled')),
        priority: maybe(fc.constantFrom('low', 'medium', 'high', 'critical')),
        label: maybe(fc.constantFrom('', 'marking', 'Safety', 'a b', 'é')),
        assigneeId: maybe(fc.constantFrom(null, me.id, mate.id, stranger.id)),
        dueDate: maybe(fc.constantFrom(null, '2027-01-01', '1999-12-31', '2999-12-31')),
      },
      { requiredKeys: ['projectId', 'title'] },
    );
  const queryString = () =>
    queryStringOf(
      ['q', 'status', 'priority', 'label', 'project', 'assignee', 'sort', 'order', 'page', 'pageSize', 'x'],
      fc.oneof(
        fc.string({ maxLength: 20 }),
        oddText,
        fc.integer().map(String),
        idLike(),
        fc.array(fc.oneof(idLike(), oddText), { maxLength: 4 }).map((a) => a.join(',')),
      ),
      6,
    );

  it('list and project options (random query strings)', async () => {
    await fc.assert(
      fc.asyncProperty(queryString(), fc.boolean(), async (qs, projects) => {
        await check('list', await t.json('GET', projects ? `/api/tasks/projects?${qs}` : `/api/tasks?${qs}`, undefined, me.headers));
      }),
      { numRuns: RUNS },
    );
  }, 900_000);

  it('create and update (random bodies)', async () => {
    await fc.assert(
      fc.asyncProperty(taskish(), anyJson, plausible(), fc.constantFrom(0, 1, 2, 3, 4, 5), async (body, junk, good, pick) => {
        if (pick === 4) await check('write', await send('POST', '/api/tasks', good));
        else if (pick === 5) await check('write', await send('PATCH', `/api/tasks/${myTask}`, good));
        else if (pick === 0) await check('write', await send('POST', '/api/tasks', body));
        else if (pick === 1) await check('write', await send('POST', '/api/tasks', junk));
        else if (pick === 2) await check('write', await send('PATCH', `/api/tasks/${myTask}`, body));
        else await check('write', await send('PATCH', `/api/tasks/${theirTask}`, body));
      }),
      { numRuns: RUNS },
    );
  }, 900_000);

  it('single-task actions (random ids and methods)', async () => {
    await fc.assert(
      fc.asyncProperty(idLike(), fc.constantFrom('GET', 'DELETE', 'DUP', 'PATCH'), anyJson, async (id, m, body) => {
        // keep my own task alive: deletes go to random ids only
        const target = m === 'DELETE' && id === myTask ? theirTask : id;
        const path = `/api/tasks/${encodeURIComponent(target)}`;
        if (m === 'DUP') await check('single', await send('POST', `${path}/duplicate`, undefined));
        else if (m === 'PATCH') await check('single', await send('PATCH', path, body));
        else await check('single', await t.json(m, path, undefined, me.headers));
      }),
      { numRuns: RUNS },
    );
  }, 900_000);

  it('bulk update and delete (random id lists and values)', async () => {
    const bulkish = fc.record(
      {
        ids: maybe(
          fc.oneof(
            fc.array(idLike(), { maxLength: 5 }),
            fc.uniqueArray(ids(), { minLength: 1, maxLength: 3 }),
            fc.uniqueArray(ids(), { minLength: 1, maxLength: 3 }),
            anyJson,
            fc.array(fc.uuid(), { minLength: 100, maxLength: 102 }),
          ),
        ),
        status: maybe(fc.oneof(fc.constantFrom('todo', 'done', 'canceled', 'nope'), fc.constantFrom('todo', 'done'), oddText)),
        priority: maybe(fc.oneof(fc.constantFrom('low', 'critical', 'nope'), fc.constantFrom('low', 'high'), oddText)),
        extra: maybe(anyJson),
      },
      { requiredKeys: [] },
    );
    const plausibleBulk = fc.record(
      {
        ids: fc.uniqueArray(ids(), { minLength: 1, maxLength: 3 }),
        status: maybe(fc.constantFrom('backlog', 'todo', 'in_progress', 'done', 'canceled')),
        priority: fc.constantFrom('low', 'medium', 'high', 'critical'),
      },
      { requiredKeys: ['ids', 'priority'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(bulkish, plausibleBulk), fc.boolean(), async (body, del) => {
        // bulk deletes never name my own task (so later runs still have it); everything else may
        const safe = del && Array.isArray(body.ids) ? { ...body, ids: body.ids.filter((x) => x !== myTask) } : body;
        await check('bulk', await send('POST', del ? '/api/tasks/bulk-delete' : '/api/tasks/bulk-update', safe));
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});
