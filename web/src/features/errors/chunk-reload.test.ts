import { describe, expect, it } from 'vitest';
import { RELOAD_TTL_MS, isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { isBot } from './bots';

describe('chunk-load failures', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 10 s', () => {
    expect(RELOAD_TTL_MS).toBe(10_000);
    sessionStorage.clear();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForChunkError(1_000_000, sessionStorage, reload)).toBe(true);
    expect(reloadForChunkError(1_005_000, sessionStorage, reload)).toBe(false);
    expect(reloadForChunkError(1_010_001, sessionStorage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});

describe('bots', () => {
  it('tells crawlers and preview fetchers from browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('facebookexternalhit/1.1')).toBe(true);
    expect(isBot('Slackbot-LinkExpanding 1.0')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36')).toBe(false);
  });
});
