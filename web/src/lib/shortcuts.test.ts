import { describe, expect, it } from 'vitest';
import { NAVIGATION_SEQUENCES, SHORTCUTS } from './shortcuts';

describe('the shortcuts table', () => {
  it('holds the SPEC navigation sequences the root registers', () => {
    expect(NAVIGATION_SEQUENCES.map((s) => [s.sequence.join(''), s.to])).toEqual([
      ['gh', '/'],
      ['ge', '/email'],
    ]);
    expect(NAVIGATION_SEQUENCES.every((s) => s.sequence.every((k) => /^[a-z]$/.test(k)))).toBe(true);
  });
  it('has unique ids and a description for every entry', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    expect(SHORTCUTS.every((s) => s.description && s.keys.length > 0)).toBe(true);
  });
});
