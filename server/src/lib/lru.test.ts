import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1); // a is now the most recent: b is the oldest
    lru.set('d', 4);
    expect(lru.size).toBe(3);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
  });

  it('replaces a value without growing, and refreshes its recency', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10);
    lru.set('c', 3); // b was the least recent
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(10);
    expect(lru.size).toBe(2);
  });

  it('refuses a size below one', () => {
    expect(() => new Lru(0)).toThrow(RangeError);
  });
});
