import { describe, expect, it } from 'vitest';
import { requestIds } from './request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIds', () => {
  it('gives UUID-shaped (version 4) ids, all different within a generator', () => {
    const next = requestIds();
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const id = next();
      expect(id).toMatch(UUID_V4);
      seen.add(id);
    }
    expect(seen.size).toBe(100_000);
  });

  it('counts in the last group and keeps the random part per generator', () => {
    const next = requestIds();
    const a = next();
    const b = next();
    expect(a.slice(0, 24)).toBe(b.slice(0, 24));
    expect(parseInt(b.slice(24), 16) - parseInt(a.slice(24), 16)).toBe(1);
    expect(a.slice(24)).toBe('000000000001');
  });

  it('gives two generators (two processes) different random parts', () => {
    const prefixes = new Set(Array.from({ length: 50 }, () => requestIds()().slice(0, 24)));
    expect(prefixes.size).toBe(50);
  });
});
