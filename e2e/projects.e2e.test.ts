// Projects in Chromium: the three-step wizard with reloads in the middle (the draft survives),
// two documents uploaded, the other demo user invited and accepting from /email, the list view
// paginating through the URL, and axe on the projects pages in light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, WCAG21 } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { ADMIN, DEMO, signInApi } from './support/auth.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const GPX = Buffer.from(
  '<?xml version="1.0"?>\n<gpx version="1.1" creator="e2e"><trk><trkseg><trkpt lat="42.5" lon="1.5"/></trkseg></trk></gpx>\n',
);

/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 200 });

/** POST JSON from the page (same origin, csrf header), as the app does. */
async function apiPost(page: Page, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { path, body },
  );
}

describe('projects in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a project through the wizard (reloads keep the draft), uploads two documents, and the invited demo admin accepts from /email', async () => {
    const { page, context } = await newPage(browser);
    await signInApi(page, DEMO);
    await page.goto('/dashboard/projects/add');
    // Step 1 validates: Next without a name shows the error and stays.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Give the project a name.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/projects/add');
    const name = `Relay race ${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Course and volunteers for the club relay.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/dashboard/projects/add/docs');
    await page.getByTestId('file-input').setInputFiles([
      { name: 'Course plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'relay.gpx', mimeType: '', buffer: GPX },
    ]);
    await poll(() => page.getByTestId('draft-files').getByRole('listitem').count()).toBe(2);
    // Reload in the middle: name and both files are still in the draft.
    await page.getByTestId('draft-state').filter({ hasText: 'Draft saved' }).waitFor();
    await page.reload();
    await poll(() => page.getByTestId('draft-files').getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/dashboard/projects/add');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/dashboard/projects/add/status');
    await page.getByText('Active', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/dashboard/projects/add/location');
    await page.reload();
    await page.getByTestId('location-summary').filter({ hasText: 'Centre' }).waitFor({ timeout: 60_000 });
    expect(await page.getByText('Active', { exact: true }).count()).toBeGreaterThan(0);
    // Nothing was created before the last step.
    const before = await page.evaluate(
      async (n) => ((await (await fetch(`/api/projects?q=${encodeURIComponent(n)}`)).json()) as { total: number }).total,
      name,
    );
    expect(before).toBe(0);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL('**/dashboard/projects/view?id=*', { timeout: 60_000 });
    const projectId = new URL(page.url()).searchParams.get('id')!;
    await page.getByText('Project Map Editor · you are owner').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await poll(() => page.getByTestId('document-list').getByRole('listitem').count()).toBe(2);
    expect(await page.getByTestId('document-list').textContent()).toContain('Course plan.pdf');
    expect(await page.title()).toBe('Project Map Editor');

    // Invite the other demo user as an editor.
    await page.getByLabel('Invite by email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(/Invitation sent to admin@waymark\.local/).waitFor();

    // The admin finds the invitation in /email and accepts it there.
    const other = await newPage(browser);
    await signInApi(other.page, ADMIN);
    await other.page.goto('/email');
    await other.page.getByRole('button', { name: new RegExp(`invited you to the project “${name}”`) }).click();
    await other.page.getByRole('link', { name: 'Accept invitation' }).click();
    await other.page.waitForURL('**/dashboard/projects/invitation?*');
    await other.page.getByRole('button', { name: 'Accept invitation' }).click();
    await other.page.waitForURL(`**/dashboard/projects/view?id=${projectId}`);
    // The project itself (not the invitation card, whose heading also names it).
    await other.page.getByText('Project Map Editor · you are editor').waitFor({ timeout: 60_000 });
    await other.page.getByRole('heading', { level: 1, name }).waitFor();
    // And the project is in the admin's list.
    await other.page.goto('/dashboard/projects');
    await other.page.getByRole('link', { name }).waitFor();
    await other.context.close();
    await context.close();
  }, 300_000);

  it('the list view paginates, sorts and filters through the URL (reload keeps the view)', async () => {
    const { page, context } = await newPage(browser);
    await signInApi(page, ADMIN);
    const tag = `Pg${Date.now().toString(36)}`;
    for (let i = 1; i <= 12; i++) {
      const r = await apiPost(page, '/api/projects', {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        status: i % 3 === 0 ? 'completed' : 'active',
      });
      expect(r.status).toBe(201);
    }
    await page.goto(`/dashboard/projects/list?q=${tag}&sort=name&order=asc`);
    const table = page.getByRole('table', { name: 'Projects' });
    await table.getByRole('link', { name: `${tag} 01` }).waitFor();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 2' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(11); // header + 10
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await table.getByRole('link', { name: `${tag} 12` }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.reload();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await table.getByRole('link', { name: `${tag} 11` }).waitFor();
    // Sort descending from the column header.
    await page.getByRole('button', { name: /^Name:/ }).click();
    await page.getByRole('menuitem', { name: 'Descending' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 2' }).waitFor();
    await poll(async () => (await table.getByRole('row').nth(1).textContent()) ?? '').toContain(`${tag} 12`);
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    // Filter by status through the faceted filter.
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: /Completed/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 1' }).waitFor();
    await poll(() => table.getByRole('row').count()).toBe(5); // header + 4 completed
    await page.reload();
    await poll(() => table.getByRole('row').count()).toBe(5);
    await context.close();
  }, 300_000);

  it('has no serious or critical axe violations on the projects pages, light and dark', async () => {
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { colorScheme: mode });
      await page.addInitScript((m) => localStorage.setItem('waymark:color-mode', m), mode);
      await signInApi(page, DEMO);
      const list = (
        await page.evaluate(async () => (await (await fetch('/api/projects?pageSize=1')).json()) as { items: { id: string }[] })
      ).items;
      const pages: [string, (p: Page) => Promise<unknown>][] = [
        ['/dashboard/projects', (p) => p.getByTestId('project-card').first().waitFor()],
        ['/dashboard/projects/list', (p) => p.getByRole('table', { name: 'Projects' }).getByRole('link').first().waitFor()],
        ['/dashboard/projects/add', (p) => p.getByLabel('Name', { exact: true }).waitFor()],
        ['/dashboard/projects/add-one', (p) => p.getByLabel('Name', { exact: true }).waitFor()],
        [`/dashboard/projects/view?id=${list[0]!.id}`, (p) => p.getByTestId('activity').getByRole('listitem').first().waitFor()],
      ];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready(page);
        await page.waitForTimeout(400);
        problems.push(...(await axeProblems(page, `${mode} ${path}`, { tags: WCAG21, exclude: ['.maplibregl-map'] })));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
