import { describe, expect, it } from 'vitest';
import { formatDistance, formatDuration, formatElevation, formatPace, parsePace, rangeIn, unitMetres } from './units';

describe('distance and elevation', () => {
  it('formats km and mi with two decimals below 10 and one above', () => {
    expect(formatDistance(3210, 'km')).toBe('3.21 km');
    expect(formatDistance(12_345, 'km')).toBe('12.3 km');
    expect(formatDistance(1609.344, 'mi')).toBe('1.00 mi');
    expect(formatDistance(20_000, 'mi')).toBe('12.4 mi');
    expect(unitMetres('mi')).toBe(1609.344);
  });
  it('shows elevation in metres or feet', () => {
    expect(formatElevation(299.6, 'km')).toBe('300 m');
    expect(formatElevation(100, 'mi')).toBe('328 ft');
  });
  it('states a km range in miles without leaving it', () => {
    expect(rangeIn({ min: 1, max: 100 }, 'km')).toEqual({ min: 1, max: 100 });
    // 1 km = 0.62 mi → 0.7 (0.6 mi would be under 1 km); 100 km = 62.1 mi → 62
    expect(rangeIn({ min: 1, max: 100 }, 'mi')).toEqual({ min: 0.7, max: 62 });
    expect(rangeIn({ min: 2, max: 5 }, 'mi')).toEqual({ min: 1.3, max: 3.1 });
  });
});

describe('duration', () => {
  it('rounds to the minute and shows hours past 60 min', () => {
    expect(formatDuration(2280)).toBe('38 min');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('pace', () => {
  it('parses and formats per km and per mile', () => {
    expect(parsePace('5:00', 'km')).toBe(300);
    expect(formatPace(300, 'km')).toBe('5:00 /km');
    expect(formatPace(300, 'mi')).toBe('8:03 /mi');
    expect(parsePace('8:03', 'mi')).toBe(300);
    expect(parsePace('0:30', 'km')).toBeNull();
    expect(parsePace('abc', 'km')).toBeNull();
  });
  it('accepts 2:00–30:00 /km (3:13–48:17 /mi, the range the pace field states) and nothing outside', () => {
    expect(parsePace('2:00', 'km')).toBe(120);
    expect(parsePace('1:59', 'km')).toBeNull();
    expect(parsePace('30:00', 'km')).toBe(1800);
    expect(parsePace('30:01', 'km')).toBeNull();
    expect(parsePace('3:13', 'mi')).toBe(120);
    expect(parsePace('3:12', 'mi')).toBeNull();
    expect(parsePace('48:17', 'mi')).toBe(1800);
    expect(parsePace('48:18', 'mi')).toBeNull();
  });
});
