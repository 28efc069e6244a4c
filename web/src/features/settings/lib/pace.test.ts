import { describe, expect, it } from 'vitest';
import { formatPace, parsePace } from './pace';

describe('pace', () => {
  it('round-trips per km and per mile', () => {
    expect(formatPace(330, 'km')).toBe('5:30');
    expect(parsePace('5:30', 'km')).toBe(330);
    expect(formatPace(parsePace('8:51', 'mi')!, 'mi')).toBe('8:51');
    expect(parsePace('5:75', 'km')).toBeNull();
    expect(parsePace('fast', 'km')).toBeNull();
  });
});
