import type { BrowserContext, Page } from 'playwright-core';

/**
 * The benches run under tsx, whose esbuild transform (keepNames) wraps every named function in
 * `__name(fn, "name")`; a function handed to Playwright's `evaluate`/`addInitScript` reaches the page
 * as that transformed source and throws a ReferenceError there. A no-op `__name` on every page of
 * `target` lets such functions run as written.
 */
export async function allowTsxFunctions(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
}
