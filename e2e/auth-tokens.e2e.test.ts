import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage } from './support/browser.ts';

const PASSWORD = 'granite ridge before noon';
const POLL = { timeout: 15_000, interval: 100 };

/** A request from a script: no browser signals, so no CSRF token is needed (and none is sent). */
function script(path: string, init: RequestInit = {}) {
  return fetch(new URL(path, baseURL()), { ...init, headers: { 'user-agent': 'curl/8.5.0', ...(init.headers as Record<string, string>) } });
}

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Tess Tokens');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => page.getByRole('status').first().textContent(), POLL).toContain('stays unconfirmed');
}

describe('personal access tokens and token sessions in /settings/account (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a named read-only token shown once with a copy button, lists it, lists token sessions, and revokes both', async () => {
    const email = `tokens-${Date.now().toString(36)}@example.org`;
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL()).origin });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await register(page, email);

    await page.goto('/settings/account');
    await page.getByRole('heading', { name: 'Personal access tokens' }).waitFor();
    await expect.poll(() => page.getByText('No tokens yet.').count(), POLL).toBe(1);

    // A name is required: the button stays disabled until one is typed.
    expect(await page.getByRole('button', { name: 'Create token' }).isDisabled()).toBe(true);
    await page.getByLabel('Token name').fill('Watch sync');
    await page.getByRole('radio', { name: /Read-only/ }).check();
    await page.getByLabel('Expires after').selectOption('90');
    await page.getByRole('button', { name: 'Create token' }).click();

    // Shown once, with a copy button that puts exactly the token on the clipboard.
    const shown = page.getByRole('textbox', { name: 'New personal access token' });
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^wmk_pat_[A-Za-z0-9_-]{20,}$/);
    await page.getByRole('button', { name: 'Copy token' }).click();
    await expect.poll(() => page.getByText('Copied to the clipboard.').count(), POLL).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // Listed by name, scope and expiry; after "Done" (and after a reload) the token itself is gone from the page.
    const rows = page.getByTestId('token-row');
    await expect.poll(() => rows.count(), POLL).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain('Watch sync');
    expect(row).toContain('Read-only');
    expect(row).toMatch(/expires \w{3} \d{1,2}, \d{4}/);
    expect(row).toContain('never used');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => shown.count(), POLL).toBe(0);
    expect(await page.content()).not.toContain(token);
    await page.reload();
    await expect.poll(() => rows.count(), POLL).toBe(1);
    expect(await page.content()).not.toContain(token);

    // The token works for reading, is refused for writing (read-only scope).
    const me = await script('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    const write = await script('/api/auth/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Changed by a read-only token' }),
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');

    // A second token: read and write, never expires. Both are listed; the used one says when it was used.
    await page.getByLabel('Token name').fill('Laptop CLI');
    await page.getByRole('radio', { name: 'Read and write' }).check();
    await page.getByLabel('Expires after').selectOption('never');
    await page.getByRole('button', { name: 'Create token' }).click();
    await shown.waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => rows.count(), POLL).toBe(2);
    const texts = await rows.allInnerTexts();
    const cli = texts.find((t) => t.includes('Laptop CLI'))!;
    expect(cli).toContain('Read and write');
    expect(cli).toContain('never expires');
    await page.reload();
    await expect
      .poll(async () => (await rows.allInnerTexts()).find((t) => t.includes('Watch sync')) ?? '', POLL)
      .toMatch(/last used \w{3} \d/);

    // A script signs in with the password grant: its token session is listed beside the browser session.
    const grant = await script('/api/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email, password: PASSWORD }),
    });
    expect(grant.status).toBe(200);
    const { access_token, refresh_token } = (await grant.json()) as { access_token: string; refresh_token: string };
    await page.reload();
    const tokenSession = page.locator('[data-testid="session-row"][data-kind="token"]');
    await expect.poll(() => tokenSession.count(), POLL).toBe(1);
    expect(await tokenSession.innerText()).toMatch(/API client · Script[\s\S]*Token/);
    expect(await page.locator('[data-testid="session-row"][data-kind="browser"]').count()).toBe(1);

    // Revoking the token session ends it: the access token and the refresh token stop working.
    await tokenSession.getByRole('button', { name: /Revoke/ }).click();
    await expect.poll(() => tokenSession.count(), POLL).toBe(0);
    expect((await script('/api/auth/user', { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(401);
    const refresh = await script('/api/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token }),
    });
    expect(refresh.status).toBe(400);

    // Revoking a personal access token asks first, then the token is refused at once.
    await page.getByRole('button', { name: 'Revoke Watch sync' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect.poll(() => rows.count(), POLL).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'revoked' }).count(), POLL).toBe(1);
    expect((await script('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
