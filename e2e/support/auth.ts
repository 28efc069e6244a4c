// Signing in and calling the API from a page in the e2e tests: the seeded accounts, sign-in through
// the real auth API (csrf token + /api/auth/signin) or through the login form, and same-origin
// JSON requests with the csrf header, as the app sends them.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** The seeded admin (created by the server at first start in the e2e setup). */
export const ADMIN = { email: 'admin@waymark.local', password: 'waymark-admin-passphrase' } as const;
/** The seeded demo user. */
export const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' } as const;

/**
 * Sign the page's context in as `who` through the real auth API (fails the test on anything but 200).
 * It first opens /help, a public page of the app, so that the requests are same-origin; with
 * `stay`, a page already on the app is left where it is.
 */
export async function signInApi(page: Page, who: Credentials = DEMO, opts: { stay?: boolean } = {}): Promise<void> {
  if (!opts.stay || !page.url().startsWith(baseURL())) await page.goto('/help');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch('/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ email, password }),
      });
      return res.status;
    },
    { email: who.email, password: who.password },
  );
  expect(status).toBe(200);
}

/** Sign in through the login form, as a person does (this is when the account's appearance is applied). */
export async function signInForm(page: Page, who: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A JSON request from the page (same-origin cookies, csrf header); `json` is null when the answer is not JSON. */
export function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = (await (await fetch('/api/_auth/csrf')).json()) as { token: string };
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}
