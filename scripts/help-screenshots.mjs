#!/usr/bin/env node
// Screenshots for /help, taken from the real app: starts the built server (fresh temporary data
// directory, demo data) on a random port, drives Debian Chromium with playwright-core, and writes
// PNGs to web/public/help/. Run after `npm run build` (the region packs must exist):
//   node scripts/help-screenshots.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/public/help');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-help-'));
const VIEWPORT = { width: 1100, height: 680 };
const DEMO = { email: 'demo@waymark.local', password: 'waymark-demo-passphrase' };
const ADMIN = { email: 'admin@waymark.local', password: 'waymark-admin-passphrase' };

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 180_000);
    const onData = (d) => {
      log += d;
      const m = /Waymark listening on (http:\/\/[^\s"]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
}

async function signIn(page, who) {
  await page.goto('/help');
  const status = await page.evaluate(async (cred) => {
    const { token } = await (await fetch('/api/_auth/csrf')).json();
    const res = await fetch('/api/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(cred),
    });
    return res.status;
  }, who);
  if (status !== 200) throw new Error(`sign-in failed: ${status}`);
}

async function post(page, url, body) {
  return page.evaluate(
    async ({ url, body }) => {
      const { token } = await (await fetch('/api/_auth/csrf')).json();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { url, body },
  );
}

const { child, url } = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--enable-unsafe-swiftshader',
    '--use-angle=swiftshader',
  ],
});
try {
  fs.mkdirSync(out, { recursive: true });
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, colorScheme: 'light' });
  const page = await context.newPage();
  const shot = async (name) => {
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.log(`wrote web/public/help/${name}.png`);
  };

  // A message from the admin to the demo user, so the mailbox has a conversation to show.
  await signIn(page, ADMIN);
  const demoId = await page.evaluate(async () => (await (await fetch('/api/mail/contacts?q=demo')).json()).contacts[0].id);
  await post(page, '/api/mail/messages', {
    to: [demoId],
    subject: 'Course marking on Saturday',
    body: 'Hi! Could you walk the first climb of the trail race course on Saturday and check the markers?\nThe GPX is in the project documents.',
  });
  await context.clearCookies();

  await signIn(page, DEMO);
  // 1. The route planner with a route through Andorra la Vella (a draft restored from this browser).
  await page.evaluate(() =>
    localStorage.setItem(
      'waymark.planner.draft.v1',
      JSON.stringify({
        region: 'andorra',
        waypoints: [
          { id: 'a', lon: 1.5218, lat: 42.5063, mode: 'snap' },
          { id: 'b', lon: 1.5335, lat: 42.5098, mode: 'snap' },
          { id: 'c', lon: 1.5405, lat: 42.5053, mode: 'snap' },
        ],
        routeId: null,
        name: '',
        description: '',
        visibility: 'private',
      }),
    ),
  );
  await page.goto('/run');
  await page.locator('canvas').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(6000);
  await shot('planner');

  // 2. Projects as cards.
  await page.goto('/dashboard/projects');
  await page
    .getByRole('link', { name: /Andorra trail race/ })
    .first()
    .waitFor({ timeout: 60_000 });
  await shot('projects');

  // 3. A project's map.
  await page
    .getByRole('link', { name: /Andorra trail race/ })
    .first()
    .click();
  await page.waitForURL(/\/dashboard\/projects\/view/);
  await page.locator('canvas').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(5000);
  await shot('project');

  // 4. The mailbox with the message open.
  await page.goto('/email');
  await page.getByTestId('message-item').first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: /Course marking on Saturday/ }).click();
  await page.getByRole('heading', { name: 'Course marking on Saturday' }).waitFor();
  await shot('mail');

  // 5. Settings: appearance.
  await page.goto('/settings/appearance');
  await page.getByRole('heading', { name: 'Appearance' }).waitFor();
  await shot('settings');
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
