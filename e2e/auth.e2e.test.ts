import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

const PASSWORD = 'mountain trail at dawn';
const POLL = { timeout: 15_000, interval: 100 };
const NEW_PASSWORD = 'river path after dusk';

/** A TOTP code from a time step later than any used before (the server refuses replays). */
async function freshCode(totp: OTPAuth.TOTP, used: { step: number }): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (step > used.step) {
      used.step = step;
      return totp.generate();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('accounts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('register (address stays unconfirmed without SMTP) → sign in → TOTP → sessions → recovery through an admin', async () => {
    const email = `runner-${Date.now().toString(36)}@example.org`;
    const { page, context } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Register; the csrf token comes from the <meta> tag of the served page.
    await page.goto('/register');
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).toMatch(/\./);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), POLL)
      .toContain('You must provide either an email or phone number and a password');
    await page.getByLabel('Name').fill('Rae Runner');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#password-error').textContent(), POLL).toContain('12');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('qwerty123456');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), POLL).toMatch(/too common|breach/);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // No SMTP here: nobody receives a confirmation link — not even the person who signed up — and the page says so.
    await expect
      .poll(() => page.getByRole('status').first().textContent(), POLL)
      .toContain('cannot send email, so your address stays unconfirmed');
    const mine = await context.request.get('/api/mail/messages');
    expect(((await mine.json()) as { messages: unknown[] }).messages).toEqual([]);

    // Sign out, then sign in with the password.
    await page.goto('/logout');
    await page.waitForURL(/\/login$/);
    await signIn(page, email, PASSWORD);
    await page.waitForURL(/\/dashboard/);

    // Enrol TOTP: the test computes the code from the shown secret.
    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(await page.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(/^data:image\/png/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const used = { step: 0 };
    await page.getByLabel('Code from the app').fill(await freshCode(totp, used));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByTestId('backup-codes').waitFor();
    const codes = await page.getByTestId('backup-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);

    // Sign out; sign in again answering the TOTP challenge.
    await page.goto('/logout');
    await page.waitForURL(/\/login$/);
    await signIn(page, email, PASSWORD);
    await page.getByLabel('Authentication code').fill(await freshCode(totp, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard/);

    // A second browser signs in (with a backup code): two sessions; sign out the other one.
    const second = await newPage(browser);
    await signIn(second.page, email, PASSWORD);
    await second.page.getByLabel('Authentication code').fill(codes[0]!);
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.waitForURL(/\/dashboard/);
    await page.goto('/settings/account');
    await expect.poll(() => page.getByTestId('session-row').count(), POLL).toBe(2);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect.poll(() => page.getByTestId('session-row').count(), POLL).toBe(1);
    expect(((await (await second.context.request.get('/api/_auth/session')).json()) as { user: unknown }).user).toBeNull();
    await second.context.close();

    // Recovery without SMTP: the page tells the truth, the admins get a notice, an admin hands over a link.
    const anon = await newPage(browser);
    await anon.page.goto('/forgot-password');
    await anon.page.getByLabel('Email').fill(email);
    await anon.page.getByRole('button', { name: 'Ask an administrator' }).click();
    await expect.poll(() => anon.page.getByRole('status').first().textContent(), POLL).toContain('administrators have been told');
    await anon.context.close();
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@waymark.local', 'waymark-admin-passphrase');
    await admin.page.waitForURL(/\/dashboard/);
    await admin.page.goto('/email');
    await admin.page.getByRole('button', { name: new RegExp(`Password reset requested for ${email.replace(/[.]/g, '\\.')}`) }).click();
    await admin.page.getByRole('link', { name: 'Open the account' }).click();
    await admin.page.waitForURL(/\/admin\/users/);
    await admin.page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await admin.page
      .getByRole('button', { name: `Edit ${email}` })
      .first()
      .click();
    await admin.page.getByRole('button', { name: 'Recovery link' }).click();
    const handed = await admin.page.getByLabel(/Link \(valid 1 hour/).inputValue();
    await admin.context.close();
    await page.goto(new URL(handed).pathname + new URL(handed).search);
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), POLL).toContain('new password is set');

    // The old password no longer works; the new one (plus TOTP) does.
    await signIn(page, email, PASSWORD);
    await expect.poll(() => page.getByRole('alert').first().textContent(), POLL).toContain('Invalid login credentials');
    await signIn(page, email, NEW_PASSWORD);
    await page.getByLabel('Authentication code').fill(await freshCode(totp, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard/);
    const me = await context.request.get('/api/_auth/session');
    expect(me.status()).toBe(200);
    // A link handed over by an admin proves nothing about the address: it stays unconfirmed.
    expect(((await me.json()) as { user: { email: string; emailVerified: boolean } }).user).toMatchObject({ email, emailVerified: false });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('sends a signed-out visitor of a protected page to /login and back after sign-in; non-admins get /403', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/settings/account');
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email or phone number').fill('demo@waymark.local');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('waymark-demo-passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/settings\/account$/);
    await page.goto('/admin/users');
    await page.waitForURL(/\/403$/);
    const api = await context.request.get('/api/admin/users');
    expect(api.status()).toBe(403);
    await context.close();
  });

  it('lets the demo admin list users and see access requests', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/request-access');
    await page.getByLabel('Name').fill('Quinn');
    await page.getByLabel('Email').fill(`quinn-${Date.now().toString(36)}@example.org`);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), POLL).toContain('administrator will review');
    await signIn(page, 'admin@waymark.local', 'waymark-admin-passphrase');
    await page.waitForURL(/\/dashboard/);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill('demo@waymark');
    await expect.poll(() => page.getByRole('row').count(), POLL).toBe(2);
    await page.goto('/admin/access-requests');
    await expect.poll(() => page.getByText('Quinn').count(), POLL).toBeGreaterThan(0);
    await context.close();
  });
});
