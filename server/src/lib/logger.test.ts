import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { cachedIsoTime } from './logger.ts';

describe('cachedIsoTime', () => {
  it("writes pino's isoTime fragment, formatted again only when the millisecond changes", () => {
    let now = Date.UTC(2026, 10, 24, 23, 0, 0, 5);
    const time = cachedIsoTime(() => now);
    expect(time()).toBe(',"time":"2026-11-24T23:00:00.005Z"');
    const first = time();
    expect(time()).toBe(first); // the same millisecond: the same string
    now += 1;
    expect(time()).toBe(',"time":"2026-11-24T23:00:00.006Z"');
    // the same format as pino's own isoTime, so log readers see no difference
    expect(cachedIsoTime()()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });
});
