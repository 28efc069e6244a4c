// Text PostgreSQL can store exactly as sent: a text value cannot hold a NUL character (the query
// would fail, a 500) and an unpaired UTF-16 surrogate would be stored as U+FFFD (silently changed).
// Request bodies (readJson) and query strings (/api/* middleware) are checked once, here, so no
// endpoint has to remember it.

export const UNSTORABLE_TEXT = 'must not contain NUL characters or unpaired surrogates';

export function storableText(s: string): boolean {
  return !s.includes('\u0000') && !/\p{Cs}/u.test(s);
}

/**
 * The path ("waypoints.3.name", "" for the root) of the first string — object key or value —
 * that is not storable, or null when every string is. Iterative: a body may nest deeper than the
 * call stack goes (a 1 MB body of "[[[[…" is 10^6 levels).
 */
export function findUnstorableText(value: unknown): string | null {
  type Item = { v: unknown; key: string | number | null; up: Item | null };
  const pathOf = (it: Item, last?: string) => {
    const keys: (string | number)[] = last === undefined ? [] : [last];
    for (let p: Item | null = it; p && p.key !== null; p = p.up) keys.push(p.key);
    return keys.reverse().join('.');
  };
  const stack: Item[] = [{ v: value, key: null, up: null }];
  while (stack.length) {
    const it = stack.pop()!;
    const v = it.v;
    if (typeof v === 'string') {
      if (!storableText(v)) return pathOf(it);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, up: it });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [k] of entries) if (!storableText(k)) return pathOf(it, [...k].map((ch) => (storableText(ch) ? ch : '?')).join(''));
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], key: entries[i]![0], up: it });
    }
  }
  return null;
}
