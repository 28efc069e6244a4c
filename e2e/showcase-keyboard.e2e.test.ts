// Keyboard models of the showcase's interactive components, and the toast constants of SPEC.md §9
// measured in Chromium (notification toasts: 3 visible, gap 14 px, width 356 px, offset 32 px,
// bottom-right, Alt+T, "Notifications", "Close toast", 4000 ms; headless toasts: one at a time,
// 5000 ms, swipe 50 px, F8). Each test opens its page once; all checks use the first example.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

let browser: Browser;
let context: BrowserContext | undefined;

async function open(name: string): Promise<Page> {
  const made = await newPage(browser);
  context = made.context;
  made.page.setDefaultTimeout(60_000);
  made.page.setDefaultNavigationTimeout(90_000);
  await made.page.goto(`/components/${name}`);
  await made.page.locator('[data-showcase-ready]').waitFor();
  return made.page;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

// The machine running the suite can be heavily loaded: poll patiently (assertions still fail when the state never comes).
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe('showcase keyboard models', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('combobox: typing filters, arrows move the highlight, Enter picks, Escape closes', async () => {
    const page = await open('combobox');
    const input = page.getByRole('combobox', { name: 'Peak' }).first();
    await input.focus();
    await page.keyboard.type('pic');
    const options = page.getByRole('listbox').getByRole('option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(['Pic de Casamanya', 'Pic de l’Estanyó', 'Pic Alt del Cubil', 'Pic de Médécourbe', 'Pic Negre']);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await poll(() => page.locator('[role="option"][data-highlighted]').textContent()).toBe('Pic de l’Estanyó');
    await page.keyboard.press('Enter');
    await poll(() => input.inputValue()).toBe('Pic de l’Estanyó');
    await poll(() => input.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await poll(() => input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => input.getAttribute('aria-expanded')).toBe('false');
  });

  it('command: arrows skip disabled items, Enter runs, typing filters', async () => {
    const page = await open('command');
    const input = page.locator('[data-example="Inline"] [cmdk-input]');
    await input.focus();
    const selected = () => page.locator('[cmdk-item][data-selected="true"]').first().textContent();
    await poll(selected).toContain('Plan a route');
    await page.keyboard.press('ArrowDown');
    await poll(selected).toContain('Open the map editor');
    await page.keyboard.press('ArrowDown'); // over the disabled "Calculator"
    await poll(selected).toContain('Profile');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'command-ran')).toBe('Ran: Profile');
    await page.keyboard.type('edit');
    await poll(selected).toContain('Open the map editor');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'command-ran')).toBe('Ran: Open the map editor');
  });

  it('menubar: arrows open a menu and move between menus, items run from the keyboard, Escape closes', async () => {
    const page = await open('menubar');
    const bar = page.getByRole('menubar').first();
    await bar.getByRole('menuitem', { name: 'File' }).focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('New layer');
    await page.keyboard.press('ArrowRight'); // focus moves to the "Edit" menu
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await poll(() => menu.count()).toBe(0); // the File menu has closed
    await page.keyboard.press('Enter');
    await poll(() => bar.getByRole('menuitem', { name: 'Edit' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('End');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Snapping');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'menubar-state')).toContain('snapping off');
    // The closed menu leaves after its exit animation and then hands the focus back to its trigger:
    // wait for that (as a person waits for the menu to go) before opening it again.
    await poll(() => menu.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await bar.getByRole('menuitem', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Undo');
    await page.keyboard.press('ArrowDown'); // Undo → Redo
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Redo');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'menubar-state')).toContain('Last: Redo');
    await poll(() => menu.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await bar.getByRole('menuitem', { name: 'Draw' }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await poll(() => menu.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Draw');
  });

  it('navigation-menu: Enter opens a panel, Tab enters it, Escape closes back to the trigger, arrows move between items', async () => {
    const page = await open('navigation-menu');
    const plan = page.getByRole('button', { name: 'Plan' }).first();
    await plan.focus();
    await page.keyboard.press('Enter');
    await poll(() => plan.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Route planner');
    await page.keyboard.press('Escape');
    await poll(() => plan.getAttribute('aria-expanded')).toBe('false');
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Plan');
    await page.keyboard.press('ArrowRight');
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Projects');
  });

  it('context-menu: opens from the keyboard on the focused area, arrows into a submenu, Enter runs', async () => {
    const page = await open('context-menu');
    const area = page.locator('[data-example="Full"] [data-slot="context-menu-trigger"]');
    await area.focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu');
    await menu.first().waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Add waypoint'); // opened from the keyboard: first item focused
    const active = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('ArrowDown');
    await poll(active).toContain('Start a loop here');
    await page.keyboard.press('ArrowDown');
    await poll(active).toContain('Measure');
    await page.keyboard.press('ArrowRight');
    await poll(() => menu.count()).toBe(2);
    await poll(active).toContain('Distance'); // the submenu has taken the focus
    await page.keyboard.press('ArrowDown'); // Distance → Area
    await poll(active).toContain('Area');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'context-menu-state')).toContain('Last: Area');
    // Both menus leave after their exit animation and then hand the focus back to the area: wait for that first.
    await poll(() => menu.count()).toBe(0);
    await area.focus();
    await page.keyboard.press('Shift+F10');
    await menu.first().waitFor();
    await poll(active).toContain('Add waypoint');
    await page.keyboard.type('st'); // typeahead: "Start a loop here"
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Start a loop here');
    await page.keyboard.press('Escape');
    await poll(() => menu.count()).toBe(0);
  });

  it('tags-input: Enter adds, Backspace highlights then deletes the last tag, max is kept', async () => {
    const page = await open('tags-input');
    await page.locator('[data-example="Controlled"] [data-part="input"]').focus();
    await page.keyboard.type('river');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'tags-input-value')).toBe('Value: water, shade, river');
    await page.keyboard.press('Backspace');
    await expect
      .poll(() => page.locator('[data-example="Controlled"] [data-part="item-preview"][data-highlighted]').textContent())
      .toBe('river');
    await page.keyboard.press('Backspace');
    await poll(() => text(page, 'tags-input-value')).toBe('Value: water, shade');
    // The delimiter adds a tag. One tag at a time, as a person sees each chip appear: Playwright types
    // far faster than a person, and on a loaded machine Ark's controlled input can be cleared after the
    // next key already landed (CI once got "a, ,c").
    await page.keyboard.type('a,');
    await poll(() => text(page, 'tags-input-value')).toBe('Value: water, shade, a');
    await page.keyboard.type('b,');
    await poll(() => text(page, 'tags-input-value')).toBe('Value: water, shade, a, b');
    // At the maximum (4) a fifth tag is refused, by the delimiter and by Enter alike.
    await page.keyboard.type('c,');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-example="Controlled"] [data-part="item"]').count()).toBe(4);
    expect(await text(page, 'tags-input-value')).toBe('Value: water, shade, a, b');
  });

  it('number-field: arrows step, Shift+arrows step by ten, Home/End go to the bounds', async () => {
    const page = await open('number-field');
    const input = page.getByRole('spinbutton', { name: 'Loop length (km)' }).first();
    await input.focus();
    await page.keyboard.press('ArrowUp');
    await poll(() => input.inputValue()).toBe('21.2');
    await page.keyboard.press('Shift+ArrowUp');
    await poll(() => input.inputValue()).toBe('22.2');
    await page.keyboard.press('ArrowDown');
    await poll(() => input.inputValue()).toBe('22.1');
    await page.keyboard.press('End');
    await poll(() => input.inputValue()).toBe('50');
    await page.keyboard.press('Home');
    await poll(() => input.inputValue()).toBe('1');
    await poll(() => text(page, 'number-field-value')).toBe('Value: 1');
    expect(await input.getAttribute('aria-valuenow')).toBe('1');
  });

  it('pin-input: only digits are taken, the code completes at six, Backspace clears the last box', async () => {
    const page = await open('pin-input');
    await page.getByLabel('Code from the email').first().focus();
    await page.keyboard.type('12a34x5');
    await poll(() => text(page, 'pin-input-value')).toBe('Typed: 12345');
    await page.keyboard.type('6');
    await poll(() => text(page, 'pin-input-value')).toBe('Complete: 123456');
    await page.keyboard.press('Backspace');
    await poll(() => page.getByLabel('Code from the email').first().inputValue()).toBe('12345');
  });

  it('slider: arrows, PageUp/PageDown and Home/End move each thumb within the bounds', async () => {
    const page = await open('slider');
    const longest = page.getByRole('slider', { name: 'Longest' }).first();
    const shortest = page.getByRole('slider', { name: 'Shortest' }).first();
    await longest.focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => text(page, 'slider-value')).toBe('8–16 km');
    await page.keyboard.press('End');
    await poll(() => text(page, 'slider-value')).toBe('8–42 km');
    await page.keyboard.press('PageDown');
    await poll(() => text(page, 'slider-value')).toBe('8–32 km');
    await shortest.focus();
    await page.keyboard.press('Home');
    await poll(() => text(page, 'slider-value')).toBe('1–32 km');
    await page.keyboard.press('ArrowUp');
    await poll(() => text(page, 'slider-value')).toBe('2–32 km');
    expect(await shortest.getAttribute('aria-valuenow')).toBe('2');
  });

  it('tabs: arrows activate the next tab skipping disabled ones and wrapping, Home/End', async () => {
    const page = await open('tabs');
    await page.locator('[data-example="Controlled"]').getByRole('tab', { name: 'Plan' }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => text(page, 'tabs-value')).toBe('Active: map');
    await page.keyboard.press('ArrowRight'); // Admin is disabled: wraps to Plan
    await poll(() => text(page, 'tabs-value')).toBe('Active: plan');
    await page.keyboard.press('End');
    await poll(() => text(page, 'tabs-value')).toBe('Active: map');
    await page.keyboard.press('Home');
    await poll(() => text(page, 'tabs-value')).toBe('Active: plan');
    expect(await page.locator('[data-example="Controlled"] [role="tabpanel"][data-state="active"]').textContent()).toContain(
      'Planner panel',
    );
  });

  it('radio-group: arrows move and select', async () => {
    const page = await open('radio-group');
    const group = page.locator('[data-example="Controlled"]');
    await group.getByRole('radio', { name: 'Kilometres' }).click(); // already checked: focuses it
    // Radix moves focus a task after the keydown and checks the radio it lands on only while the
    // arrow is still held, so hold each key until the focus has moved, as a person's press does.
    const arrow = async (key: 'ArrowDown' | 'ArrowUp', value: string) => {
      await page.keyboard.down(key);
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe(value);
      await page.keyboard.up(key);
    };
    await arrow('ArrowDown', 'mi');
    await poll(() => text(page, 'radio-group-value')).toBe('Value: mi');
    expect(await group.getByRole('radio', { name: 'Miles' }).getAttribute('aria-checked')).toBe('true');
    await arrow('ArrowUp', 'km');
    await poll(() => text(page, 'radio-group-value')).toBe('Value: km');
  });

  it('toggle-group: roving focus with arrows and End, Enter/Space press', async () => {
    const page = await open('toggle-group');
    const group = page.locator('[data-example="Single"]');
    await group.getByRole('radio', { name: 'km' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('ArrowRight');
    await poll(focused).toBe('mi');
    expect(await text(page, 'toggle-group-value')).toBe('Units: km'); // focus moved, nothing pressed yet
    await page.keyboard.press('Space');
    await poll(() => text(page, 'toggle-group-value')).toBe('Units: mi');
    await page.keyboard.press('End');
    await poll(focused).toBe('metres');
    await page.keyboard.press('Enter');
    await poll(() => text(page, 'toggle-group-value')).toBe('Units: m');
  });

  it('calendar: arrows move by day and week, PageDown by month, Home to the week start, Enter selects', async () => {
    const page = await open('calendar');
    const cal = page.locator('[data-example="Single"]');
    await cal.getByRole('button', { name: /June 14/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await poll(() => cal.locator('p[aria-live]').textContent()).toBe('Selected: Mon Jun 15 2026');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await poll(() => cal.getByRole('grid').getAttribute('aria-label')).toBe('July 2026');
    await page.keyboard.press('Enter');
    await poll(() => cal.locator('p[aria-live]').textContent()).toBe('Selected: Wed Jul 22 2026');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await poll(() => cal.locator('p[aria-live]').textContent()).toBe('Selected: Sun Jul 19 2026');
  });
});

describe('showcase toasts (SPEC.md §9 constants in the browser)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('notification toasts: bottom-right, 356 px wide, 32 px offset, 3 of 5 visible 14 px apart, "Close toast", Alt+T, 4000 ms', async () => {
    const page = await open('sonner');
    await page.getByRole('button', { name: 'Show five toasts' }).click();
    const toasts = page.locator('[data-sonner-toast]');
    await poll(() => toasts.count()).toBe(5);
    const section = page.locator('section[aria-label^="Notifications"]');
    expect(await section.getAttribute('aria-label')).toBe('Notifications alt+T');
    const list = page.locator('[data-sonner-toaster]');
    expect(await list.getAttribute('data-y-position')).toBe('bottom');
    expect(await list.getAttribute('data-x-position')).toBe('right');
    const box = (await list.boundingBox())!;
    const vp = page.viewportSize()!;
    expect(Math.round(box.width)).toBe(356);
    expect(Math.round(vp.width - (box.x + box.width))).toBe(32);
    expect(Math.round(vp.height - (box.y + box.height))).toBe(32);
    await poll(() => page.locator('[data-sonner-toast][data-visible="true"]').count()).toBe(3);
    expect(await toasts.first().locator('[data-close-button]').getAttribute('aria-label')).toBe('Close toast');
    // Alt+T focuses and expands the list; expanded toasts stand 14 px apart
    await page.keyboard.press('Alt+KeyT');
    await poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-sonner-toaster]'))).toBe(true);
    await poll(() => toasts.first().getAttribute('data-expanded')).toBe('true');
    await page.waitForFunction(() => {
      const ts = Array.from(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).map((t) => t.getBoundingClientRect());
      return ts.length === 3 && ts.every((r, i) => i === 0 || Math.abs(ts[i - 1]!.top - r.bottom - 14) < 1.5);
    });
    await page.keyboard.press('Escape');
    await poll(() => toasts.first().getAttribute('data-expanded')).toBe('false');
    // a default toast closes itself after 4000 ms
    await page.evaluate(() =>
      document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((b) => b.click()),
    );
    await poll(() => toasts.count()).toBe(0);
    await page.mouse.move(10, 10);
    await page.getByRole('button', { name: 'Default' }).first().click();
    const t0 = Date.now();
    await toasts.first().waitFor();
    await toasts.first().waitFor({ state: 'detached', timeout: 8000 });
    const lived = Date.now() - t0;
    expect(lived).toBeGreaterThanOrEqual(3900);
    expect(lived).toBeLessThan(6000);
  }, 60_000);

  it('headless toasts: one at a time, closes after 5000 ms, a 50 px swipe dismisses (a shorter one does not), F8 focuses the viewport', async () => {
    const page = await open('toast');
    await page.mouse.move(10, 10);
    await page.getByRole('button', { name: 'Call toast() three times' }).click();
    const openToasts = page.getByRole('region', { name: /Notifications \(F8\)/ }).locator('li[data-state="open"]');
    await poll(() => openToasts.count()).toBe(1); // the headless toaster mounts once the page is idle
    expect(await openToasts.first().textContent()).toContain('Third (the only one shown)');
    const measured = page.getByTestId('toast-measured');
    await expect.poll(() => measured.locator('dd').nth(2).textContent(), { timeout: 20_000, interval: 250 }).toMatch(/ms$/);
    const ms = Number((await measured.locator('dd').nth(2).textContent())!.replace(/\D/g, ''));
    expect(ms).toBeGreaterThanOrEqual(4900);
    expect(ms).toBeLessThan(6500);

    const swipe = async (dx: number) => {
      const b = (await openToasts.first().boundingBox())!;
      const y = b.y + b.height / 2;
      const x = b.x + b.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 4 });
      await page.mouse.move(x + dx, y, { steps: 4 });
      await page.mouse.up();
      await page.mouse.move(10, 10);
    };
    await page.getByRole('button', { name: 'Default' }).first().click();
    await poll(() => openToasts.count()).toBe(1);
    await swipe(30);
    await page.waitForTimeout(300);
    expect(await openToasts.count()).toBe(1);
    await swipe(80);
    await poll(() => openToasts.count()).toBe(0);

    await page.getByRole('button', { name: 'Default' }).first().click();
    await poll(() => openToasts.count()).toBe(1);
    const viewport = page.getByRole('region', { name: /Notifications \(F8\)/ });
    expect(await viewport.count()).toBe(1);
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.tagName + ':' + document.activeElement?.closest('[role=region]')?.getAttribute('aria-label'),
        ),
      )
      .toMatch(/^OL:Notifications \(F8\)/);
  }, 60_000);
});
