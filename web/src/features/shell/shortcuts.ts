import { useEffect, useRef } from 'react';

/** SPEC §9: at most 800 ms between the keys of a sequence. */
export const SHORTCUT_CHAIN_DELAY_MS = 800;

export interface ShortcutDefinition {
  /** Key sequence, e.g. ['g', 'h'] (letters compared case-insensitively). */
  keys: readonly string[];
  description: string;
  run: () => void;
}

/** Valid definitions only; an invalid one is dropped with a console trace (SPEC §2). */
export function validShortcuts(defs: readonly ShortcutDefinition[]): ShortcutDefinition[] {
  return defs.filter((d) => {
    const ok =
      d &&
      Array.isArray(d.keys) &&
      d.keys.length > 0 &&
      d.keys.every((k) => typeof k === 'string' && k.length > 0 && !/\s/.test(k)) &&
      typeof d.run === 'function';
    if (!ok) console.trace('Invalid shortcut definition ignored:', d);
    return ok;
  });
}

/** True when the key event happens while the user types in a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]'))
    return true;
  return target instanceof HTMLElement && target.isContentEditable === true;
}

/**
 * A matcher for key sequences: feed it keys with their timestamps; it returns the definition a
 * key completes, if any. A gap longer than the chain delay starts over.
 */
export function createSequenceMatcher(defs: readonly ShortcutDefinition[], delayMs = SHORTCUT_CHAIN_DELAY_MS) {
  let buffer: string[] = [];
  let last = -Infinity;
  const norm = (k: string) => (k.length === 1 ? k.toLowerCase() : k);
  return (key: string, at: number): ShortcutDefinition | null => {
    if (at - last > delayMs) buffer = [];
    last = at;
    buffer.push(norm(key));
    // Keep only a suffix that is still a prefix of some sequence.
    while (buffer.length && !defs.some((d) => d.keys.length >= buffer.length && buffer.every((k, i) => norm(d.keys[i]!) === k)))
      buffer.shift();
    const done = defs.find((d) => d.keys.length === buffer.length && d.keys.every((k, i) => norm(k) === buffer[i]));
    if (done) buffer = [];
    return done ?? null;
  };
}

/** Listen for key sequences on the window (not while typing, not with Ctrl/Meta/Alt held). */
export function useKeySequences(defs: readonly ShortcutDefinition[]) {
  const defsRef = useRef(defs);
  useEffect(() => {
    defsRef.current = defs;
  });
  useEffect(() => {
    let matcher = createSequenceMatcher(validShortcuts(defsRef.current));
    let seen = defsRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (seen !== defsRef.current) {
        seen = defsRef.current;
        matcher = createSequenceMatcher(validShortcuts(seen));
      }
      const hit = matcher(e.key, e.timeStamp || performance.now());
      if (hit) {
        e.preventDefault();
        hit.run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
