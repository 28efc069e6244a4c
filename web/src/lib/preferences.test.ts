import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  STORAGE_KEYS,
  THEMES,
  RADII,
  getPreferences,
  loadPreferences,
  resetPreferences,
  setPreferences,
} from './preferences';

const meta = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!.content;

describe('UI preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    resetPreferences();
  });

  it('has SPEC defaults: zinc, 0.5 rem, sidebar offcanvas/left/sidebar, LTR; 12 themes and 5 radii', () => {
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(THEMES).toHaveLength(12);
    expect(RADII).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(document.body.classList.contains('theme-zinc')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--radius')).toBe('0.5rem');
  });

  it('swaps the body theme class and sets --radius', () => {
    setPreferences({ theme: 'rose', radius: 1 });
    expect([...document.body.classList].filter((c) => c.startsWith('theme-'))).toEqual(['theme-rose']);
    expect(document.documentElement.style.getPropertyValue('--radius')).toBe('1rem');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.theme)!)).toEqual({ theme: 'rose', radius: 1 });
  });

  it('toggles .dark and the theme-color meta with the mode', () => {
    setPreferences({ mode: 'dark' });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(meta()).toBe('#09090b');
    setPreferences({ mode: 'light' });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(meta()).toBe('#ffffff');
    expect(localStorage.getItem(STORAGE_KEYS.mode)).toBe('light');
  });

  it('RTL sets dir=rtl and the sidebar on the right; LTR puts it back on the left', () => {
    setPreferences({ dir: 'rtl' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(getPreferences().sidebar.side).toBe('right');
    setPreferences({ dir: 'ltr' });
    expect(document.documentElement.dir).toBe('ltr');
    expect(getPreferences().sidebar.side).toBe('left');
  });

  it('restores stored choices and ignores invalid stored values', () => {
    setPreferences({ theme: 'violet', radius: 0.25, mode: 'dark', dir: 'rtl', sidebar: { variant: 'inset' } });
    expect(loadPreferences()).toMatchObject({
      theme: 'violet',
      radius: 0.25,
      mode: 'dark',
      dir: 'rtl',
      sidebar: { variant: 'inset', side: 'right' },
    });
    localStorage.setItem(STORAGE_KEYS.theme, JSON.stringify({ theme: 'chartreuse', radius: 7 }));
    localStorage.setItem(STORAGE_KEYS.mode, 'sepia');
    localStorage.setItem(STORAGE_KEYS.app, '{not json');
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('reset removes the stored keys and applies the defaults', () => {
    setPreferences({ theme: 'green', dir: 'rtl' });
    resetPreferences();
    for (const k of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(k)).toBeNull();
    expect(document.body.classList.contains('theme-zinc')).toBe(true);
    expect(document.documentElement.dir).toBe('ltr');
  });
});
