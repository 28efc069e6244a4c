/**
 * Shows hover and focus-visible states without a pointer or focus: copies every CSS rule of the
 * page that uses `:hover` / `:focus-visible` into a rule that also matches elements carrying
 * `data-force-hover` / `data-force-focus` (e.g. `<Button data-force-hover>`). The copies carry the
 * components' real styles, so the state shown is the one users get.
 */
const STYLE_ID = 'waymark-showcase-forced-states';

function collect(rules: CSSRuleList, out: string[]) {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const sel = rule.selectorText;
      if (sel.includes(':hover') || sel.includes(':focus-visible')) {
        const forced = sel
          .split(',')
          .filter((s) => s.includes(':hover') || s.includes(':focus-visible'))
          .map((s) => s.replaceAll(':hover', '[data-force-hover]').replaceAll(':focus-visible', '[data-force-focus]'))
          .join(', ');
        out.push(`${forced} { ${rule.style.cssText} }`);
      }
      if (rule.cssRules?.length) collect(rule.cssRules, out);
    } else if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) {
      collect((rule as CSSGroupingRule).cssRules, out);
    }
  }
}

/** Install the forced-state rules once (idempotent); returns how many rules were copied. */
export function installForcedStates(doc: Document = document): number {
  if (doc.getElementById(STYLE_ID)) return -1;
  const out: string[] = [];
  for (const sheet of Array.from(doc.styleSheets)) {
    try {
      collect(sheet.cssRules, out);
    } catch {
      // a cross-origin sheet: not ours
    }
  }
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `@layer utilities {\n${out.join('\n')}\n}`;
  doc.head.appendChild(style);
  return out.length;
}
