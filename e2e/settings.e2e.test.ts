// The settings pages in Chromium: appearance saved in one browser context follows the user to a
// second one at sign-in (and the customizer and the page stay in sync); notifications turned off
// send no mail for that event; every page validates and saves (toast, unsaved-changes guard,
// avatar, export, deletion, start page). axe: settings-a11y.e2e.test.ts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { ADMIN, apiCall as call, signInApi, signInForm } from './support/auth.ts';

const PASSWORD = 'settings e2e passphrase 9 kettles';
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout, interval: 250 });
const tag = Date.now().toString(36);

const html = (page: Page) =>
  page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    dir: document.documentElement.dir,
    radius: document.documentElement.style.getPropertyValue('--radius'),
    theme: Array.from(document.body.classList).filter((c) => c.startsWith('theme-')),
  }));

describe('settings in the browser', () => {
  let browser: Browser;
  const people: Record<string, { email: string; password: string; name: string }> = {};
  const person = (key: string) =>
    (people[key] ??= { email: `${key}-${tag}@example.org`, password: PASSWORD, name: `${key[0]!.toUpperCase()}${key.slice(1)} ${tag}` });

  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await newPage(browser);
    await signInApi(page, ADMIN);
    for (const key of ['una', 'quinn', 'pat', 'rita', 'dora']) {
      expect((await call(page, 'POST', '/api/admin/users', { ...person(key), role: 'user' })).status).toBe(201);
    }
    await context.close();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('appearance saved in one browser appears in a second after sign-in; the customizer and the page stay in sync', async () => {
    const first = await newPage(browser, { colorScheme: 'light' });
    await signInApi(first.page, person('una'));
    await first.page.goto('/settings/appearance');
    const form = first.page.getByRole('form', { name: 'Appearance' });
    await form.getByRole('radio', { name: 'Violet' }).click();
    await form.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: 'Dark' }).click();
    await form.getByRole('radiogroup', { name: 'Direction' }).getByRole('radio', { name: 'Right to left' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await first.page.getByText('Appearance saved').waitFor();
    expect(await html(first.page)).toMatchObject({ dark: true, dir: 'rtl', theme: ['theme-violet'] });

    // The customizer shows the same; a change there shows on the page and is saved to the account.
    await first.page.getByRole('button', { name: 'Open Template Customizer' }).click();
    const customizer = first.page.getByRole('dialog', { name: 'Template Customizer' });
    expect(
      await customizer
        .getByRole('radiogroup', { name: 'Color' })
        .getByRole('radio', { name: 'Violet', exact: true })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await customizer.getByRole('radiogroup', { name: 'Radius' }).getByRole('radio', { name: '1 rem', exact: true }).click();
    await first.page.keyboard.press('Escape');
    await poll(() =>
      form.getByRole('radiogroup', { name: 'Radius' }).getByRole('radio', { name: '1 rem' }).getAttribute('aria-checked'),
    ).toBe('true');
    await poll(
      async () =>
        (await call<{ settings: { appearance: { radius: number } | null } }>(first.page, 'GET', '/api/settings')).json.settings.appearance
          ?.radius,
    ).toBe(1);

    // A second browser (nothing stored) signs in: the account's appearance is applied.
    const second = await newPage(browser, { colorScheme: 'light' });
    await signInForm(second.page, person('una'));
    await second.page.waitForURL(/\/dashboard/);
    await poll(() => html(second.page)).toEqual({ dark: true, dir: 'rtl', radius: '1rem', theme: ['theme-violet'] });
    expect(await second.page.locator('[data-slot="sidebar"][data-side]').first().getAttribute('data-side')).toBe('right');
    // Signed out, this browser keeps what it has (browser-only preferences, as for any visitor).
    await first.context.close();
    await second.context.close();
  }, 180_000);

  it('a notification turned off sends no mail for that event; turned on again, the next one arrives', async () => {
    const quinn = await newPage(browser);
    await signInApi(quinn.page, person('quinn'));
    await quinn.page.goto('/settings/notifications');
    const sw = quinn.page.getByRole('switch', { name: 'Project invitations' });
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    expect(await quinn.page.getByRole('switch', { name: 'Security alerts' }).isDisabled()).toBe(true);
    await sw.click();
    await quinn.page.getByRole('button', { name: 'Save changes' }).click();
    await quinn.page.getByText('Notification settings saved').waitFor();

    const pat = await newPage(browser);
    await signInApi(pat.page, person('pat'));
    const p1 = await call<{ id: string }>(pat.page, 'POST', '/api/projects', { name: `Quiet ${tag}` });
    expect(
      (await call(pat.page, 'POST', `/api/projects/${p1.json.id}/invitations`, { email: person('quinn').email, role: 'viewer' })).status,
    ).toBe(201);
    // The invitation exists (Quinn sees it on the projects page), but no mail was sent.
    const invs = await call<{ invitations: unknown[] }>(quinn.page, 'GET', '/api/invitations');
    expect(invs.json.invitations).toHaveLength(1);
    await quinn.page.goto('/email');
    await quinn.page.getByRole('heading', { name: /Mailbox/ }).waitFor();
    await quinn.page.waitForTimeout(6000); // longer than the mailbox's poll
    expect(await quinn.page.getByRole('button', { name: new RegExp(`invited you to the project “Quiet ${tag}”`) }).count()).toBe(0);

    await quinn.page.goto('/settings/notifications');
    await quinn.page.getByRole('switch', { name: 'Project invitations' }).click();
    await quinn.page.getByRole('button', { name: 'Save changes' }).click();
    await quinn.page.getByText('Notification settings saved').waitFor();
    await quinn.page.goto('/email');
    const p2 = await call<{ id: string }>(pat.page, 'POST', '/api/projects', { name: `Loud ${tag}` });
    await call(pat.page, 'POST', `/api/projects/${p2.json.id}/invitations`, { email: person('quinn').email, role: 'viewer' });
    await quinn.page.getByRole('button', { name: new RegExp(`invited you to the project “Loud ${tag}”`) }).waitFor({ timeout: 30_000 });
    await quinn.context.close();
    await pat.context.close();
  }, 180_000);

  it('every settings page validates and saves (toast, unsaved-changes guard, avatar, display, start page, export)', async () => {
    const { page, context } = await newPage(browser, { acceptDownloads: true });
    await signInApi(page, person('rita'));

    // Profile: errors first, then a good save.
    await page.goto('/settings/profile');
    const name = page.getByLabel('Display name');
    await name.fill('');
    await page.getByLabel('Username').fill('a b');
    await page.getByLabel(/Flat pace/).fill('9:99');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('enter a display name').waitFor();
    await page.getByText(/Letters, digits, dots/).waitFor();
    await page.getByText(/Write the pace as minutes:seconds/).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill(`Rita Runner ${tag}`);
    await page.getByLabel('Username').fill(`Rita.${tag}`);
    await page.getByRole('radiogroup', { name: 'Units' }).getByRole('radio', { name: 'Miles' }).click();
    await page.getByLabel(/Flat pace/).fill('8:30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(`rita.${tag}`);
    // The planner's defaults follow the profile.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('waymark.planner.prefs.v1')))!)).toMatchObject({
      units: 'mi',
      paceSecPerKm: 317,
    });
    await poll(() => page.locator('[data-slot="sidebar-footer"]').first().textContent()).toContain(`Rita Runner ${tag}`);

    // Unsaved-changes guard.
    await page.getByLabel('Bio').fill('Hills, mostly.');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Display' }).click();
    const guard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    expect(await page.getByLabel('Bio').inputValue()).toBe('Hills, mostly.');
    await page.getByRole('button', { name: 'Reset' }).click();

    // Avatar: an image made in the page, cropped and resized before upload.
    const png = await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 400;
      const g = c.getContext('2d')!;
      g.fillStyle = '#1d4ed8';
      g.fillRect(0, 0, 640, 400);
      g.fillStyle = '#f59e0b';
      g.fillRect(200, 80, 240, 240);
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await page.getByRole('img', { name: 'Preview of the cropped avatar' }).waitFor();
    await page.getByRole('button', { name: 'Use this image' }).click();
    await page.getByText('Avatar saved').waitFor();
    const avatar = page.getByRole('img', { name: 'Your avatar' });
    await avatar.waitFor();
    const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([256, 256]);
    // Not an image at all: refused in the browser.
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload=alert(1)>') });
    await page.getByText('Choose a PNG, JPEG, WebP or GIF image.').waitFor();

    // Display: hide an entry, pick a start page and a date format.
    await page.goto('/settings/display');
    const sidebar = page.locator('[data-slot="sidebar"]').first();
    await sidebar.getByRole('link', { name: 'Projects table' }).waitFor();
    await page.getByRole('checkbox', { name: /Projects table/ }).click();
    await page.getByRole('combobox', { name: 'Start page' }).click();
    await page.getByRole('option', { name: 'Email' }).click();
    await page.getByRole('radiogroup', { name: 'Date format' }).getByRole('radio').nth(1).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Display settings saved').waitFor();
    await poll(() => sidebar.getByRole('link', { name: 'Projects table' }).count()).toBe(0);

    // Account: export my data (a ZIP).
    await page.goto('/settings/account');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^waymark-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();

    // Signing in again starts on the chosen page.
    const again = await newPage(browser);
    await signInForm(again.page, person('rita'));
    await again.page.waitForURL(/\/email(\?|$)/, { timeout: 30_000 });
    await again.context.close();
  }, 240_000);

  it('deletes the account after typing the address again', async () => {
    const { page, context } = await newPage(browser);
    await signInApi(page, person('dora'));
    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete forever' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email address').fill(person('dora').email);
    await confirm.click();
    await page.getByText('Your account was deleted').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await call(page, 'GET', '/api/settings')).status).toBe(401);
    await context.close();
  }, 120_000);
});
