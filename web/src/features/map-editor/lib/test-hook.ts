// How browser tests read an editor's document: under automation (navigator.webdriver) or in a dev
// build, `window.__waymarkEditor.get(handle?)` returns the mounted editor's store (its ProjectMap,
// snapshot and selection). Ordinary visitors of a production build get nothing.
import type { EditorStore } from './editor-store';

export interface EditorTestHooks {
  get(handle?: string): EditorStore | undefined;
}

declare global {
  interface Window {
    __waymarkEditor?: EditorTestHooks;
  }
}

const stores = new Map<string, EditorStore>();

export function exposeEditor(handle: string, store: EditorStore): () => void {
  if (typeof window === 'undefined' || !(import.meta.env.DEV || navigator.webdriver === true)) return () => undefined;
  window.__waymarkEditor ??= { get: (h) => (h ? stores.get(h) : stores.values().next().value) };
  stores.set(handle, store);
  return () => {
    if (stores.get(handle) === store) stores.delete(handle);
  };
}
