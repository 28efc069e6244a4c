// The component showcase (issue 18, SPEC.md §2 /components/{name}, §9 toast/tooltip/drawer constants):
// every page in light LTR and dark RTL with axe and an instance of its component, real 404s for other
// names, keyboard models of the interactive components, and the toast constants measured in Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE } from '../web/src/components/layout/showcase-catalog.ts';
import { axeProblems } from './support/axe.ts';
import { baseURL, launchBrowser, newPage } from './support/browser.ts';

/** What proves each page renders its component: a role or a data-slot (test id) inside the page's examples. */
const INSTANCE: Record<string, string> = {
  accordion: '[data-slot="accordion"] [data-slot="accordion-trigger"][aria-expanded]',
  alert: '[role="alert"][data-slot="alert"]',
  'alert-dialog': '[data-slot="alert-dialog-trigger"][aria-haspopup="dialog"]',
  'aspect-ratio': '[data-slot="aspect-ratio"]',
  avatar: '[data-slot="avatar"]',
  badge: '[data-slot="badge"]',
  breadcrumb: 'nav[aria-label="breadcrumb"] [aria-current="page"]',
  button: 'button[data-slot="button"]',
  calendar: '[data-slot="calendar"] [role="grid"]',
  card: '[data-slot="card"]',
  carousel: '[aria-roledescription="carousel"] [aria-roledescription="slide"]',
  checkbox: 'button[role="checkbox"]',
  collapsible: '[data-slot="collapsible-trigger"][aria-expanded]',
  combobox: '[data-slot="combobox"] input[role="combobox"]',
  command: '[cmdk-root] [role="listbox"] [role="option"]',
  'context-menu': '[data-slot="context-menu-trigger"]',
  dialog: '[data-slot="dialog-trigger"][aria-haspopup="dialog"]',
  drawer: '[data-slot="drawer-trigger"][aria-haspopup="dialog"]',
  'dropdown-menu': '[data-slot="dropdown-menu-trigger"][aria-haspopup="menu"]',
  form: 'form [data-slot="form-item"] [data-slot="form-control"]',
  'hover-card': '[data-slot="hover-card-trigger"]',
  input: 'input[data-slot="input"]',
  label: 'label[data-slot="label"]',
  menubar: '[role="menubar"] [role="menuitem"]',
  'navigation-menu': 'nav[data-slot="navigation-menu"] [data-slot="navigation-menu-trigger"]',
  'number-field': '[data-slot="number-field"] input[role="spinbutton"]',
  pagination: 'nav[aria-label="Pagination"] [aria-current="page"]',
  'pin-input': '[data-input-otp-container] input[autocomplete="one-time-code"]',
  popover: '[data-slot="popover-trigger"][aria-haspopup="dialog"]',
  progress: '[role="progressbar"]',
  'radio-group': '[role="radiogroup"] [role="radio"]',
  'range-calendar': '[data-slot="calendar"] [role="grid"] [data-range-start="true"]',
  resizable: '[data-slot="resizable-panel-group"] [role="separator"][aria-valuenow]',
  'scroll-area': '[data-slot="scroll-area"] [data-slot="scroll-area-viewport"]',
  select: 'button[role="combobox"][data-slot="select-trigger"]',
  separator: '[data-slot="separator"][role="separator"]',
  sheet: '[data-slot="sheet-trigger"][aria-haspopup="dialog"]',
  skeleton: '[data-slot="skeleton"]',
  slider: '[data-slot="slider"] [role="slider"]',
  sonner: '[data-testid="sonner-measured"]',
  stepper: '[data-slot="stepper"] [aria-current="step"]',
  switch: 'button[role="switch"]',
  table: 'table[data-slot="table"] th',
  tabs: '[role="tablist"] [role="tab"][aria-selected="true"]',
  'tags-input': '[data-slot="tags-input"] [data-part="item"]',
  textarea: 'textarea[data-slot="textarea"]',
  toast: '[data-testid="toast-measured"]',
  toggle: 'button[data-slot="toggle"][aria-pressed]',
  'toggle-group': '[data-slot="toggle-group"] [data-slot="toggle-group-item"]',
  tooltip: '[data-slot="tooltip-trigger"]',
};

/**
 * Each mode and each direction once: colours (axe's contrast) depend on the mode, layout on the
 * direction, so light LTR + dark RTL cover both at half the time of the four pairs (50 pages each;
 * the suite's time budget). The shell is checked in all four pairs by a11y.e2e.test.ts.
 */
const VARIANTS = [
  { mode: 'light', dir: 'ltr' },
  { mode: 'dark', dir: 'rtl' },
] as const;

async function usePrefs(page: Page, mode: 'light' | 'dark', dir: 'ltr' | 'rtl') {
  await page.addInitScript(
    ({ mode, dir }) => {
      localStorage.setItem('waymark:color-mode', mode);
      localStorage.setItem('waymark:app-settings', JSON.stringify({ dir, sidebar: { collapsible: 'offcanvas', variant: 'sidebar' } }));
    },
    { mode, dir },
  );
}

async function openPage(page: Page, name: string) {
  await page.goto(`/components/${name}`);
  await page.locator('[data-showcase-ready]').waitFor();
}

describe('component showcase', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the 50 SPEC names in the catalogue and answers other names with the 404 page and status 404', async () => {
    expect(SHOWCASE).toHaveLength(50);
    expect(Object.keys(INSTANCE).sort()).toEqual(SHOWCASE.map((e) => e.name).sort());
    for (const [path, status] of [
      ['/components', 200],
      ['/components/button', 200],
      ['/components/range-calendar', 200],
      ['/components/buttons', 404],
      ['/components/Button', 404],
      ['/components/button/extra', 404],
    ] as const) {
      const res = await fetch(new URL(path, baseURL()), { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(status);
    }
    const { page, context } = await newPage(browser);
    const res = await page.goto('/components/not-a-component');
    expect(res?.status()).toBe(404);
    await page.getByText('Oops! Page Not Found!').waitFor();
    await context.close();
  });

  it('index: a searchable grid of all 50, linking to the pages', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/components');
    const grid = page.locator('[data-testid="showcase-grid"] a');
    await grid.first().waitFor();
    expect(await grid.count()).toBe(50);
    await page.getByRole('searchbox', { name: 'Search components' }).fill('calendar');
    await expect
      .poll(() => grid.allTextContents())
      .toEqual([expect.stringContaining('Calendar'), expect.stringContaining('Range Calendar')]);
    await page.getByRole('searchbox', { name: 'Search components' }).fill('zzz');
    await page.getByText('No component matches').waitFor();
    await page.getByRole('searchbox', { name: 'Search components' }).fill('tags');
    await grid.first().click();
    await page.waitForURL('**/components/tags-input');
    await page.locator('[data-showcase-ready]').waitFor();
    await context.close();
  });

  it('every page in light LTR and dark RTL: its component renders, axe finds no serious or critical violation, no page error', async () => {
    const started = Date.now();
    const problems: string[] = [];
    // Two variants at a time (one browser, a context each): light and dark of one direction.
    await Promise.all(VARIANTS.map((v) => sweep(v.mode, v.dir, problems)));
    console.log(
      `showcase sweep: ${SHOWCASE.length} pages × ${VARIANTS.length} variants in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
  }, 1_500_000);

  /**
   * One variant: a full load of the first page, axe-core injected once, then every page reached
   * through its "next" link (client-side navigation, as a user would), checked and axe-scanned
   * (WCAG 2.1 A/AA + best practice, the page's content; the shell is covered by a11y.e2e.test.ts).
   */
  async function sweep(mode: 'light' | 'dark', dir: 'ltr' | 'rtl', problems: string[]) {
    const { page, context } = await newPage(browser, { colorScheme: mode });
    page.setDefaultTimeout(90_000);
    page.setDefaultNavigationTimeout(120_000);
    await usePrefs(page, mode, dir);
    const tag = `${mode}/${dir}`;
    page.on('pageerror', (e) => problems.push(`${tag} page error: ${String(e)}`));
    await openPage(page, SHOWCASE[0]!.name);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
    for (let i = 0; i < SHOWCASE.length; i++) {
      const { name, title } = SHOWCASE[i]!;
      if (i > 0) {
        await page.getByRole('navigation', { name: 'More components' }).getByRole('link', { name: title, exact: true }).click();
        await page.waitForURL(`**/components/${name}`);
      }
      const root = page.locator(`[data-showcase="${name}"]`);
      await root.locator('[data-showcase-ready]').waitFor();
      if ((await root.locator(INSTANCE[name]!).count()) === 0) problems.push(`${tag} ${name}: no instance of ${INSTANCE[name]}`);
      // let entrance animations settle so colours are final
      await page.waitForTimeout(150);
      problems.push(...(await axeProblems(page, `${tag} ${name}`, { include: `[data-showcase="${name}"]` })));
    }
    await context.close();
  }
});
