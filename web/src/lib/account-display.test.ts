import { describe, expect, it } from 'vitest';
import { formatDateTime, getAccountDisplay, resetAccountDisplay, setAccountDisplay, setNavBadge } from './account-display';

describe('account display', () => {
  const at = new Date(2026, 2, 7, 15, 4);
  it('formats dates and times as the user chose', () => {
    const base = { hiddenNav: [], badges: {}, basemap: 'auto' as const, mapRegion: 'andorra' };
    expect(formatDateTime(at, { display: { ...base, dateFormat: 'iso', timeFormat: '24h' } })).toBe('2026-03-07 15:04');
    expect(formatDateTime(at, { display: { ...base, dateFormat: 'dmy', timeFormat: '24h' } })).toBe('07/03/2026 15:04');
    expect(formatDateTime(at, { display: { ...base, dateFormat: 'mdy', timeFormat: '12h' } })).toMatch(/^03\/07\/2026 03:04\sPM$/);
    expect(formatDateTime(at, { dateOnly: true, display: { ...base, dateFormat: 'iso', timeFormat: '12h' } })).toBe('2026-03-07');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('keeps badges and resets on sign-out', () => {
    setNavBadge('/email', 3);
    setAccountDisplay({ hiddenNav: ['/tasks'] });
    expect(getAccountDisplay()).toMatchObject({ badges: { '/email': 3 }, hiddenNav: ['/tasks'] });
    resetAccountDisplay();
    expect(getAccountDisplay()).toMatchObject({ badges: {}, hiddenNav: [] });
  });
});
