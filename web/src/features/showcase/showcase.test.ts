import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOWCASE, SHOWCASE_NAMES } from '@/components/layout/showcase-catalog';
import type { ShowcaseDefinition } from './define';
import { functionSource, importsFor } from './source';

const SPEC_NAMES =
  'card, form, tabs, alert, badge, input, label, sheet, table, toast, avatar, button, dialog, drawer, select, slider, sonner, switch, toggle, command, menubar, popover, stepper, tooltip, calendar, carousel, checkbox, combobox, progress, skeleton, textarea, accordion, pin-input, resizable, separator, breadcrumb, hover-card, pagination, tags-input, collapsible, radio-group, scroll-area, alert-dialog, aspect-ratio, context-menu, number-field, toggle-group, dropdown-menu, range-calendar, navigation-menu'.split(
    ', ',
  );
const DEMOS = path.join(import.meta.dirname, 'demos');

describe('showcase catalogue', () => {
  it('has exactly the names SPEC.md §2 lists, once each', () => {
    expect([...SHOWCASE_NAMES].sort()).toEqual([...SPEC_NAMES].sort());
    expect(new Set(SHOWCASE_NAMES).size).toBe(SHOWCASE_NAMES.length);
  });

  it('has one demo file per name and no other', () => {
    const files = fs.readdirSync(DEMOS).filter((f) => f.endsWith('.tsx'));
    expect(files.map((f) => f.replace(/\.tsx$/, '')).sort()).toEqual([...SHOWCASE_NAMES].sort());
  });
});

describe('demo pages', () => {
  const modules = import.meta.glob<{ default: ShowcaseDefinition }>('./demos/*.tsx', { eager: true });
  for (const entry of SHOWCASE) {
    it(`${entry.name}: every example's source is the function that renders it`, () => {
      const def = modules[`./demos/${entry.name}.tsx`]!.default;
      const raw = fs.readFileSync(path.join(DEMOS, `${entry.name}.tsx`), 'utf8');
      expect(def.examples.length).toBeGreaterThan(0);
      for (const ex of def.examples) {
        const src = functionSource(raw, ex.id);
        expect(src, `${entry.name}: function ${ex.id}`).not.toBeNull();
        // the shown function is the one rendered (names survive in tests; the build minifies them, hence the id)
        expect(ex.render.name, `${entry.name}: example ${ex.id} renders another function`).toBe(ex.id);
      }
      if (def.rtl) expect(def.examples.map((e) => e.id)).toContain(def.rtl);
    });
  }
});

describe('functionSource / importsFor', () => {
  const file = `import { A, B } from '@/components/ui/a';
import { useState } from 'react';
import { defineShowcase } from '../define';

function One() {
  const [x] = useState(0);
  return <A>{x}</A>;
}

function Two() {
  return <B />;
}
`;
  it('cuts one top-level function, up to its closing brace', () => {
    expect(functionSource(file, 'One')).toBe('function One() {\n  const [x] = useState(0);\n  return <A>{x}</A>;\n}');
    expect(functionSource(file, 'Two')).toBe('function Two() {\n  return <B />;\n}');
    expect(functionSource(file, 'Three')).toBeNull();
  });
  it('keeps only the imports the snippet uses, never the local ones', () => {
    const imports = importsFor(file, functionSource(file, 'One')!);
    expect(imports).toBe("import { A } from '@/components/ui/a';\nimport { useState } from 'react';");
  });
});
