// Shared helpers of the tasks integration tests (not a test file itself).
import type { CreateTaskBody, Task } from '@waymark/contracts';
import type { SignedInTestUser, TestApp } from './app.ts';

/** Create a task through the API as `who` (fails the test on anything but 201). */
export async function createTask(t: TestApp, who: SignedInTestUser, body: CreateTaskBody): Promise<Task> {
  const res = await t.json('POST', '/api/tasks', body, who.headers);
  if (res.status !== 201) throw new Error(`createTask: ${res.status} ${await res.text()}`);
  return (await res.json()) as Task;
}

/** Insert many tasks directly (fast, for lists and benchmarks). */
export async function insertTasks(
  t: TestApp,
  projectId: string,
  by: string,
  rows: {
    title: string;
    status?: Task['status'];
    priority?: Task['priority'];
    label?: string;
    assignee_id?: string | null;
    due_date?: string | null;
  }[],
) {
  if (!rows.length) return;
  await t
    .db()
    .insertInto('tasks')
    .values(rows.map((r) => ({ project_id: projectId, created_by: by, updated_by: by, ...r })))
    .execute();
}

export async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } };
  return body.error;
}
