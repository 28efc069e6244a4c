import type { Json } from '@waymark/collab';

/** Custom property keys of some features (name first is shown separately), sorted, first-seen order kept stable. */
export function propertyKeys(features: { properties: Record<string, Json> }[]): string[] {
  const seen = new Set<string>();
  for (const f of features) for (const k of Object.keys(f.properties)) if (k !== 'name') seen.add(k);
  return [...seen].sort((a, b) => a.localeCompare(b));
}

/** A property value as cell text: strings as they are, other JSON as JSON, nothing as "". */
export function showCell(v: Json | undefined): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * Cell text back to a value, keeping the kind the value had: a number stays a number when the text
 * is one, a boolean when it is true/false, JSON objects and arrays when it parses; otherwise text.
 * An empty cell of a non-text value removes the property (undefined).
 */
export function parseCell(text: string, previous: Json | undefined): Json | undefined {
  const t = text.trim();
  if (previous === undefined || previous === null || typeof previous === 'string') return text;
  if (t === '') return undefined;
  if (typeof previous === 'number') {
    const n = Number(t);
    return Number.isFinite(n) ? n : text;
  }
  if (typeof previous === 'boolean') return t === 'true' ? true : t === 'false' ? false : text;
  try {
    return JSON.parse(t) as Json;
  } catch {
    return text;
  }
}
