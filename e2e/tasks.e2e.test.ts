// Tasks in Chromium: the /tasks table filters, searches and sorts through the URL (a reload keeps
// the view), two tasks are completed at once from the bulk bar, a task is edited in the sheet, and
// axe finds no serious or critical violation on /tasks (light and dark) nor on a project's tasks.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, WCAG21 } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { apiCall, DEMO, signInApi } from './support/auth.ts';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 200 });

const api = (page: Page, method: string, path: string, body?: unknown) => apiCall<any>(page, method, path, body);

/** The titles of the table's rows, top to bottom. */
async function titles(page: Page, table = 'Tasks'): Promise<string[]> {
  const cells = page.getByRole('table', { name: table }).locator('tbody tr td:nth-child(2) span[title]');
  return cells.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
}

async function axe(page: Page, label: string) {
  expect(await axeProblems(page, label, { tags: WCAG21 }), label).toEqual([]);
}

describe('tasks in the browser', () => {
  let browser: Browser;
  let page: Page;
  let projectId: string;
  const tag = `e2e${Date.now().toString(36)}`;
  // title → [status, due]
  const seed: [string, string, string | null][] = [
    [`${tag} bravo`, 'todo', '2031-03-02'],
    [`${tag} alpha`, 'todo', '2031-03-05'],
    [`${tag} charlie`, 'in_progress', '2031-03-01'],
    [`${tag} delta`, 'todo', '2031-03-03'],
    [`${tag} echo`, 'done', '2031-03-04'],
    [`${tag} foxtrot`, 'backlog', null],
  ];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { viewport: { width: 1280, height: 900 } }));
    await signInApi(page, DEMO);
    const p = await api(page, 'POST', '/api/projects', { name: `Tasks ${tag}`, status: 'active' });
    expect(p.status).toBe(201);
    projectId = p.json.id;
    for (const [title, status, dueDate] of seed) {
      const r = await api(page, 'POST', '/api/tasks', { projectId, title, status, dueDate, label: 'marking' });
      expect(r.status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters, searches and sorts through the URL; a reload keeps the view', async () => {
    await page.goto('/tasks');
    await page.getByRole('table', { name: 'Tasks' }).locator('tbody tr').first().waitFor();
    // search
    await page.getByRole('searchbox', { name: 'Filter tasks…' }).fill(tag);
    await poll(() => new URL(page.url()).searchParams.get('q')).toBe(tag);
    await poll(async () => (await titles(page)).length).toBe(6);
    // faceted filter: status Todo
    await page.getByRole('button', { name: 'Status' }).first().click();
    await page.getByRole('menuitemcheckbox', { name: /Todo/ }).click();
    await page.keyboard.press('Escape');
    await poll(() => new URL(page.url()).searchParams.get('status')).toBe('["todo"]');
    await poll(async () => (await titles(page)).length).toBe(3);
    // sort by due date, ascending
    await page.getByRole('button', { name: /^Due:/ }).click();
    await page.getByRole('menuitem', { name: 'Ascending' }).click();
    await poll(() => new URL(page.url()).searchParams.get('sort')).toBe('due');
    const expected = [`${tag} bravo`, `${tag} delta`, `${tag} alpha`];
    await poll(() => titles(page)).toEqual(expected);
    // reload: the same view from the address
    await page.reload();
    await poll(() => titles(page)).toEqual(expected);
    expect(await page.getByRole('searchbox', { name: 'Filter tasks…' }).inputValue()).toBe(tag);
    expect(await page.getByRole('button', { name: /^Due: sorted ascending/ }).count()).toBe(1);
    // descending, then drop the filter (Reset keeps the sort)
    await page.getByRole('button', { name: /^Due:/ }).click();
    await page.getByRole('menuitem', { name: 'Descending' }).click();
    await poll(() => titles(page)).toEqual([...expected].reverse());
    await page.getByRole('button', { name: 'Status' }).first().click();
    await page.getByRole('menuitemcheckbox', { name: /Todo/ }).click();
    await page.keyboard.press('Escape');
    await poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
    // descending by due date: no-date tasks last
    await poll(async () => (await titles(page)).at(-1)).toBe(`${tag} foxtrot`);
    // an invalid value in the address is dropped, not an error page
    await page.goto(`/tasks?q=${tag}&status=%5B%22nope%22%5D&sort=%22colour%22`);
    await poll(async () => (await titles(page)).length).toBe(6);
  });

  it('bulk-completes two tasks, and edits one in the sheet', async () => {
    await page.goto(`/tasks?q=${tag}&status=%5B%22todo%22%5D`);
    await poll(async () => (await titles(page)).length).toBe(3);
    await page.getByRole('checkbox', { name: `Select ${tag} alpha` }).click();
    await page.getByRole('checkbox', { name: `Select ${tag} bravo` }).click();
    const bar = page.getByRole('toolbar', { name: 'Selected tasks' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Done' }).click();
    await page.getByText('2 tasks set to Done').waitFor();
    // they leave the "Todo" view; the server has them done
    await poll(() => titles(page)).toEqual([`${tag} delta`]);
    const list = await api(page, 'GET', `/api/tasks?q=${tag}&status=done&pageSize=50`);
    expect(list.json.items.map((t: { title: string }) => t.title).sort()).toEqual([`${tag} alpha`, `${tag} bravo`, `${tag} echo`]);
    // the project's activity names them
    const act = await api(page, 'GET', `/api/projects/${projectId}/activity?limit=5`);
    expect(act.json.items.filter((a: { action: string }) => a.action === 'task.done').length).toBeGreaterThanOrEqual(2);

    // edit delta in the sheet: a new title and priority
    await page.getByRole('button', { name: `Actions for ${tag} delta` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const sheet = page.getByRole('dialog', { name: 'Edit task' });
    await sheet.getByLabel('Title *').fill('');
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.getByText('Give the task a title.').waitFor();
    await sheet.getByLabel('Title *').fill(`${tag} delta edited`);
    await sheet.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await poll(() => titles(page)).toEqual([`${tag} delta edited`]);
    const edited = await api(page, 'GET', `/api/tasks?q=${encodeURIComponent(`${tag} delta`)}`);
    expect(edited.json.items[0]).toMatchObject({ title: `${tag} delta edited`, priority: 'critical' });
  });

  it('shows the project’s tasks on its page with real progress', async () => {
    await page.goto(`/dashboard/projects/view?id=${projectId}`);
    const section = page.getByTestId('project-tasks');
    await poll(async () => (await titles(page, 'Project tasks')).length).toBe(6);
    expect(await section.getByRole('button', { name: 'Project', exact: true }).count()).toBe(0);
    // 3 done of 6 (none canceled)
    await page.getByText('3/6').first().waitFor();
  });

  // One test per mode: each signs in, opens /tasks, the sheet, the bulk delete dialog and the
  // project's tasks, and runs axe five times (slow on a loaded machine).
  for (const mode of ['light', 'dark'] as const) {
    it(`axe (${mode}): no serious or critical violations on /tasks, its sheet and dialog, and a project's tasks`, async () => {
      const { page: p, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
      await p.addInitScript((m) => localStorage.setItem('waymark:color-mode', m), mode);
      await signInApi(p, DEMO);
      await p.goto(`/tasks?q=${tag}`);
      await poll(async () => (await titles(p)).length).toBe(6);
      await axe(p, `/tasks ${mode}`);
      await p.getByRole('checkbox', { name: `Select ${tag} echo` }).click();
      await p.getByRole('button', { name: 'New task' }).click();
      await p.getByRole('dialog', { name: 'New task' }).waitFor();
      await axe(p, `/tasks sheet ${mode}`);
      await p.keyboard.press('Escape');
      await p.getByRole('dialog', { name: 'New task' }).waitFor({ state: 'hidden' });
      await p.getByRole('toolbar', { name: 'Selected tasks' }).getByRole('button', { name: 'Delete' }).click();
      await p.getByRole('alertdialog', { name: 'Delete 1 task?' }).waitFor();
      await axe(p, `/tasks bulk delete ${mode}`);
      await p.getByRole('button', { name: 'Cancel' }).click();
      await p.goto(`/dashboard/projects/view?id=${projectId}`);
      await poll(async () => (await titles(p, 'Project tasks')).length).toBe(6);
      await axe(p, `project tasks ${mode}`);
      await context.close();
    }, 300_000);
  }
});
