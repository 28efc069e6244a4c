// The mailbox in Chromium: user A writes to user B through the compose window (autocomplete);
// B, with /email already open, sees it arrive without a reload (and the sidebar's unread count),
// replies; A sees the reply. B stars, archives, trashes and restores it and it moves between
// folders; a draft saves itself; the layout of the panes survives a reload; a phone gets one pane.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { ADMIN, apiCall as call, signInApi } from './support/auth.ts';

const PASSWORD = 'mail e2e passphrase 7 lanterns';
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout, interval: 250 });

describe('mail in the browser', () => {
  let browser: Browser;
  const tag = Date.now().toString(36);
  const ana = { email: `ana-${tag}@example.org`, password: PASSWORD, name: `Ana ${tag}` };
  const ben = { email: `ben-${tag}@example.org`, password: PASSWORD, name: `Ben ${tag}` };

  beforeAll(async () => {
    browser = await launchBrowser();
    // Two fresh accounts (created by the demo admin, addresses confirmed) who share a project.
    const { page, context } = await newPage(browser);
    await signInApi(page, ADMIN);
    for (const u of [ana, ben]) expect((await call(page, 'POST', '/api/admin/users', { ...u, role: 'user' })).status).toBe(201);
    await context.clearCookies();
    await signInApi(page, ana);
    const project = await call<{ id: string }>(page, 'POST', '/api/projects', { name: `Mail test ${tag}` });
    expect(project.status).toBe(201);
    const inv = await call<{ invitation: { id: string } }>(page, 'POST', `/api/projects/${project.json.id}/invitations`, {
      email: ben.email,
      role: 'editor',
    });
    expect(inv.status).toBe(201);
    await context.clearCookies();
    await signInApi(page, ben);
    expect((await call(page, 'POST', `/api/invitations/${inv.json.invitation.id}/accept`)).status).toBe(200);
    await context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('A writes to B; B sees it without reloading and replies; A sees the reply; folders move it', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signInApi(a.page, ana);
    await signInApi(b.page, ben);
    await b.page.goto('/email');
    await b.page.getByRole('heading', { name: /Mailbox/ }).waitFor();
    const subject = `Hill reps on Thursday ${tag}`;
    const badge = async () => {
      const el = b.page.getByTestId('nav-badge-/email');
      return (await el.count()) ? Number(await el.textContent()) : 0;
    };
    // (Ben's invitation to the shared project is unread mail too.)
    await poll(badge).toBeGreaterThan(0);
    const unreadBefore = await badge();

    // A composes with the autocomplete (only people A shares a project with are offered).
    await a.page.goto('/email');
    await a.page.getByTestId('compose').click();
    const dialog = a.page.getByRole('dialog', { name: 'New message' });
    await dialog.getByRole('combobox', { name: 'To' }).fill(ben.name.slice(0, 3));
    await dialog.getByRole('option', { name: new RegExp(ben.name) }).click();
    await dialog.getByLabel('Subject', { exact: true }).fill(subject);
    await dialog
      .getByLabel('Message', { exact: true })
      .fill('Six times up the Carretera de la Comella. Details: https://example.org/reps <b>bring lights</b>');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await a.page.getByText('Message sent').waitFor();

    // B: no reload — the message and the sidebar's unread count appear by themselves.
    const url = b.page.url();
    const item = b.page.getByRole('button', { name: new RegExp(subject) });
    await item.waitFor({ timeout: 30_000 });
    expect(b.page.url()).toBe(url);
    await poll(badge).toBe(unreadBefore + 1);
    await item.click();
    await b.page.getByRole('heading', { name: subject }).waitFor();
    // Plain text with a safe link: the tag is shown as text, the URL is a link that opens safely.
    const body = b.page.getByTestId('message-body');
    expect(await body.textContent()).toContain('<b>bring lights</b>');
    expect(await body.locator('b').count()).toBe(0);
    expect(await body.getByRole('link', { name: 'https://example.org/reps' }).getAttribute('rel')).toContain('noopener');
    await poll(badge).toBe(unreadBefore);

    // B replies.
    await b.page.getByRole('button', { name: 'Reply', exact: true }).click();
    const reply = b.page.getByRole('dialog', { name: 'Reply' });
    expect(await reply.getByLabel('Subject', { exact: true }).inputValue()).toBe(`Re: ${subject}`);
    await reply.getByLabel('Message', { exact: true }).press('Control+Home');
    await reply.getByLabel('Message', { exact: true }).pressSequentially('Count me in!');
    await reply.getByRole('button', { name: 'Send' }).click();
    await b.page.getByText('Message sent').waitFor();

    // A sees the reply arrive (A is still on /email, no reload).
    await a.page.getByRole('button', { name: new RegExp(`Re: ${subject}`) }).waitFor({ timeout: 30_000 });
    await a.page.getByRole('button', { name: new RegExp(`Re: ${subject}`) }).click();
    expect(await a.page.getByTestId('message-body').textContent()).toMatch(/^Count me in!/);

    const tools = b.page.getByRole('toolbar', { name: 'Message actions' });
    // B: star → Starred; archive → out of the inbox, in Archive; trash → Trash; restore → back in Archive.
    const folder = (name: string) =>
      b.page.getByRole('navigation', { name: 'Mail folders' }).getByRole('button', { name: new RegExp(`^${name}`) });
    const inList = () =>
      b.page
        .getByTestId('message-list')
        .getByRole('button', { name: new RegExp(subject) })
        .count();
    await tools.getByRole('button', { name: 'Star', exact: true }).click();
    await poll(() => tools.getByRole('button', { name: 'Unstar' }).count()).toBe(1);
    await folder('Starred').click();
    await poll(inList).toBe(1);
    await folder('Inbox').click();
    await b.page.getByRole('button', { name: new RegExp(subject) }).click();
    await tools.getByRole('button', { name: 'Archive', exact: true }).click();
    await b.page.getByText('Archived').waitFor();
    await poll(inList).toBe(0);
    await folder('Archive').click();
    await poll(inList).toBe(1);
    await b.page.getByRole('button', { name: new RegExp(subject) }).click();
    await tools.getByRole('button', { name: 'Move to trash' }).click();
    await poll(inList).toBe(0);
    await folder('Trash').click();
    await poll(inList).toBe(1);
    await b.page.getByRole('button', { name: new RegExp(subject) }).click();
    await tools.getByRole('button', { name: 'Restore' }).click();
    await b.page.getByText('Moved to Archive').waitFor();
    await poll(inList).toBe(0);
    await folder('Archive').click();
    await poll(inList).toBe(1);

    // Bulk: select it, mark unread, move to the inbox.
    await b.page.getByRole('checkbox', { name: new RegExp(`Select “${subject}”`) }).click();
    await b.page.getByRole('button', { name: /Move to inbox \(1 selected\)/ }).click();
    await poll(inList).toBe(0);
    await folder('Inbox').click();
    await poll(inList).toBe(1);
    await a.context.close();
    await b.context.close();
  }, 240_000);

  it('saves drafts as you type, keeps the pane sizes over a reload, and shows one pane on a phone', async () => {
    const { page, context } = await newPage(browser);
    await signInApi(page, ana);
    await page.goto('/email');
    await page.getByTestId('compose').click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Subject', { exact: true }).fill(`Draft ${tag}`);
    await dialog.getByLabel('Message', { exact: true }).fill('Half a thought');
    await poll(() => dialog.getByTestId('draft-status').textContent()).toMatch(/Draft saved at/);
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Mail folders' })
      .getByRole('button', { name: /^Drafts/ })
      .click();
    await page.getByRole('button', { name: new RegExp(`Draft ${tag}`) }).click();
    const again = page.getByRole('dialog', { name: 'Draft' });
    expect(await again.getByLabel('Message', { exact: true }).inputValue()).toBe('Half a thought');
    await again.getByRole('button', { name: 'Discard' }).click();
    await poll(() => page.getByRole('button', { name: new RegExp(`Draft ${tag}`) }).count()).toBe(0);

    // Resize the list pane with the keyboard; the layout is remembered.
    const handle = page.getByRole('separator').first();
    const before = await page.locator('#folders').boundingBox();
    await handle.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await poll(async () => Math.round((await page.locator('#folders').boundingBox())!.width)).toBeGreaterThan(
      Math.round(before!.width) + 20,
    );
    const width = Math.round((await page.locator('#folders').boundingBox())!.width);
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole('heading', { name: /Mailbox/ }).waitFor();
    await poll(async () => Math.abs(Math.round((await page.locator('#folders').boundingBox())!.width) - width)).toBeLessThan(4);
    await context.close();

    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInApi(phone.page, ben);
    await phone.page.goto('/email');
    await phone.page.getByRole('combobox', { name: 'Folder' }).waitFor();
    await phone.page.getByTestId('message-item').first().click();
    await phone.page.getByRole('button', { name: 'Back' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context.close();
  }, 180_000);
});
