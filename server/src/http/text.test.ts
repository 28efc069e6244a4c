import { describe, expect, it } from 'vitest';
import { findUnstorableText, storableText } from './text.ts';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps everything else (emoji pairs included)', () => {
    expect(storableText('Ruta del Comapedrosa — 10 km 🏃‍♀️')).toBe(true);
    expect(storableText('a\u0000b')).toBe(false);
    expect(storableText('half \uD83C pair')).toBe(false);
    expect(storableText('\uDC00 low first')).toBe(false);
  });

  it('names the first bad string in nested bodies, keys included', () => {
    expect(findUnstorableText({ name: 'ok', waypoints: [{ lon: 1 }, { note: 'x\u0000' }] })).toBe('waypoints.1.note');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k?');
    expect(findUnstorableText('\uD800')).toBe('');
    expect(findUnstorableText({ q: ['fine', 'b\uDFFF'] })).toBe('q.1');
    expect(findUnstorableText({ a: [1, true, null, { b: 'c' }] })).toBeNull();
  });

  it('walks bodies nested deeper than the call stack', () => {
    const deep = JSON.parse('['.repeat(200_000) + '"x\\u0000"' + ']'.repeat(200_000)) as unknown;
    expect(findUnstorableText(deep)?.split('.')).toHaveLength(200_000);
  });
});
