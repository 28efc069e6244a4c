import { describe, expect, it, vi } from 'vitest';
import { SHORTCUT_CHAIN_DELAY_MS, createSequenceMatcher, isTypingTarget, validShortcuts, type ShortcutDefinition } from './shortcuts';

const defs: ShortcutDefinition[] = [
  { keys: ['g', 'h'], description: 'home', run: () => {} },
  { keys: ['g', 'e'], description: 'email', run: () => {} },
];

describe('key sequences', () => {
  it('matches G then H within 800 ms, case-insensitively', () => {
    expect(SHORTCUT_CHAIN_DELAY_MS).toBe(800);
    const m = createSequenceMatcher(defs);
    expect(m('G', 1000)).toBeNull();
    expect(m('h', 1799)?.description).toBe('home');
  });

  it('does not match when the keys are more than 800 ms apart', () => {
    const m = createSequenceMatcher(defs);
    m('g', 1000);
    expect(m('h', 1900)).toBeNull();
    // ...but a fresh G starts a new sequence
    expect(m('g', 5000)).toBeNull();
    expect(m('e', 5100)?.description).toBe('email');
  });

  it('recovers from a wrong key: x g h still matches', () => {
    const m = createSequenceMatcher(defs);
    m('x', 0);
    m('g', 100);
    expect(m('h', 200)?.description).toBe('home');
  });

  it('drops an invalid definition with a console trace only', () => {
    const trace = vi.spyOn(console, 'trace').mockImplementation(() => {});
    const bad = [
      { keys: [], description: 'empty', run: () => {} },
      { keys: ['g', 'h'], description: 'no run' } as unknown as ShortcutDefinition,
      ...defs,
    ];
    expect(validShortcuts(bad).map((d) => d.description)).toEqual(['home', 'email']);
    expect(trace).toHaveBeenCalledTimes(2);
    trace.mockRestore();
  });

  it('knows when the user is typing in a field', () => {
    document.body.innerHTML = '<input id="i"><textarea id="t"></textarea><div id="c" contenteditable="true"></div><button id="b"></button>';
    expect(isTypingTarget(document.getElementById('i'))).toBe(true);
    expect(isTypingTarget(document.getElementById('t'))).toBe(true);
    expect(isTypingTarget(document.getElementById('c'))).toBe(true);
    expect(isTypingTarget(document.getElementById('b'))).toBe(false);
  });
});
