import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isoDate, NO_DATE } from './format-date';

const iso = '2026-11-23T15:04:00.000Z';
// ICU versions differ in the space before AM/PM (U+0020 or U+202F): compare with plain spaces.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('format-date', () => {
  it('formats a date one way: short month, day, year', () => {
    expect(formatDate(iso, 'en-US', 'UTC')).toBe('Nov 23, 2026');
    expect(formatDate(new Date(iso), 'en-GB', 'UTC')).toBe('23 Nov 2026');
    expect(formatDate(Date.parse(iso), 'en-US', 'UTC')).not.toMatch(/^\d+\/\d+\/\d+$/);
  });

  it('adds the time of day for date-times', () => {
    expect(plain(formatDateTime(iso, 'en-US', 'UTC'))).toBe('Nov 23, 2026, 3:04 PM');
    expect(plain(formatDateTime(iso, 'en-GB', 'UTC'))).toBe('23 Nov 2026, 15:04');
  });

  it('shows a dash for a missing or unreadable date instead of "Invalid Date"', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDate(v)).toBe(NO_DATE);
      expect(formatDateTime(v)).toBe(NO_DATE);
      expect(isoDate(v)).toBe('');
    }
    expect(isoDate(iso)).toBe(iso);
  });
});
