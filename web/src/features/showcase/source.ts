/**
 * The source of one top-level function of a demo file, from `function Name(` to the closing brace
 * at the start of a line (the files are prettier-formatted, so a top-level function ends with
 * "\n}"). Returns null when the file has no such function — a test checks every example has one.
 */
export function functionSource(file: string, name: string): string | null {
  const start = new RegExp(`^(?:export )?function ${name}\\(`, 'm').exec(file);
  if (!start) return null;
  const end = file.indexOf('\n}', start.index);
  if (end < 0) return null;
  return file.slice(start.index, end + 2).replace(/^export /, '');
}

/** The import lines of a demo file that the snippet uses (so the shown code is complete). */
export function importsFor(file: string, snippet: string): string {
  const lines: string[] = [];
  for (const m of file.matchAll(/^import (?:type )?\{([^}]*)\} from '([^']+)';$|^import (\w+)(?:, \{([^}]*)\})? from '([^']+)';$/gm)) {
    const from = m[2] ?? m[5]!;
    if (from.startsWith('../') || from.startsWith('./')) continue;
    const names = (m[1] ?? m[4] ?? '')
      .split(',')
      .map((s) => s.trim().replace(/^type /, ''))
      .filter(Boolean);
    const used = names.filter((n) => new RegExp(`\\b${n.split(/\s+as\s+/).pop()}\\b`).test(snippet));
    const def = m[3] && new RegExp(`\\b${m[3]}\\b`).test(snippet) ? m[3] : null;
    if (!used.length && !def) continue;
    const parts = [def, used.length ? `{ ${used.join(', ')} }` : null].filter(Boolean).join(', ');
    lines.push(`import ${parts} from '${from}';`);
  }
  return lines.join('\n');
}
