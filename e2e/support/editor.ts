// How browser tests read a map editor's document: under automation the app exposes
// `window.__waymarkEditor.get(handle?)`, the mounted editor's store
// (web/src/features/map-editor/lib/test-hook.ts). Code that runs in the page casts to what it uses.
export type EditorFeature = { id: string; layerId: string; geometry: { type: string }; properties: Record<string, unknown> };
export type EditorSnap = { layers: { id: string; name: string }[]; features: EditorFeature[] };

declare global {
  interface Window {
    __waymarkEditor?: { get(h?: string): { getSnapshot(): EditorSnap; select(id: string | null): void } | undefined };
  }
}
