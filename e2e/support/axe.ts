// axe-core in the page under test, shared by every accessibility check of the browser suite.
//
// axe is injected into the page once (it stays across client-side navigations) and run there with
// `axe.run`. @axe-core/playwright's AxeBuilder does the same work but opens a blank page per scan
// to merge frame results and re-injects axe every time: 2–4.6 s per scan here against 0.2–0.5 s,
// with the same violations. Our pages have no iframes, so the frame merging buys nothing.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsSettled } from './browser.ts';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA. */
export const WCAG21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
/** WCAG 2.1 A and AA plus axe's best practices. */
export const WCAG21_BEST = [...WCAG21, 'best-practice'] as const;

export interface AxeOptions {
  /** Rule tags to run (default: WCAG 2.1 A/AA + best practice). */
  tags?: readonly string[];
  /** Scan only inside this selector (default: the whole document). */
  include?: string;
  /** Leave these selectors out (e.g. a map canvas whose labels axe cannot read). */
  exclude?: string[];
}

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical violations on the page as it is now, one line each, prefixed by `label`. */
export async function axeProblems(page: Page, label: string, opts: AxeOptions = {}): Promise<string[]> {
  // Colour contrast is judged on the settled page, not on a button still fading in.
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, include, exclude }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: object) => Promise<{ violations: Violation[] }> } }).axe;
      const context = { include: include ? [[include]] : [['html']], exclude: exclude.map((s) => [s]) };
      const res = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    },
    { tags: [...(opts.tags ?? WCAG21_BEST)], include: opts.include ?? null, exclude: opts.exclude ?? [] },
  );
  return violations.map((v) => {
    const where = v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ')}`)
      .join(' | ');
    return `${label} [${v.impact}] ${v.id}: ${v.help} — ${where}`;
  });
}
