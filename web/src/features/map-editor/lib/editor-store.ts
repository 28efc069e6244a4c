import { FEATURES, LAYERS, ProjectMap, type FeatureRecord, type LayerRecord } from '@waymark/collab';
import * as Y from 'yjs';

/**
 * The editor's view of one project map document: the ProjectMap model (validated edits) over a
 * Y.Doc, an UndoManager that tracks only this editor's own changes, and a cached snapshot for React
 * (`useSyncExternalStore`) that is rebuilt lazily after each document change.
 *
 * Every edit the user makes goes through `edit()`, which writes with `LOCAL_ORIGIN` — the origin the
 * UndoManager tracks. Remote updates (the provider, IndexedDB) arrive with other origins and are
 * never undone by this user's Ctrl+Z.
 */
export const LOCAL_ORIGIN = 'waymark-editor-local';

export interface EditorSnapshot {
  layers: LayerRecord[];
  /** live features of live layers, in document order */
  features: FeatureRecord[];
  byId: Map<string, FeatureRecord>;
  selectedId: string | null;
  activeLayerId: string | null;
  canUndo: boolean;
  canRedo: boolean;
  /** increases on every change (document or UI state) */
  version: number;
}

export class EditorStore {
  readonly map: ProjectMap;
  readonly undo: Y.UndoManager;
  private listeners = new Set<() => void>();
  private snap: EditorSnapshot | null = null;
  private version = 0;
  private selected: string | null = null;
  private active: string | null = null;
  private readonly onDoc = () => this.changed();

  constructor(
    readonly doc: Y.Doc,
    userId: string,
  ) {
    this.map = new ProjectMap(doc, { userId, origin: LOCAL_ORIGIN });
    this.undo = new Y.UndoManager([doc.getMap(LAYERS), doc.getMap(FEATURES)], {
      trackedOrigins: new Set([LOCAL_ORIGIN]),
      // one gesture, one step: edits are already whole (a geometry at the end of a gesture)
      captureTimeout: 0,
    });
    doc.getMap(LAYERS).observeDeep(this.onDoc);
    doc.getMap(FEATURES).observeDeep(this.onDoc);
    this.undo.on('stack-item-added', this.onDoc);
    this.undo.on('stack-item-popped', this.onDoc);
    this.undo.on('stack-cleared', this.onDoc);
  }

  destroy() {
    this.doc.getMap(LAYERS).unobserveDeep(this.onDoc);
    this.doc.getMap(FEATURES).unobserveDeep(this.onDoc);
    this.undo.destroy();
    this.listeners.clear();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  private changed() {
    this.snap = null;
    this.version++;
    for (const fn of [...this.listeners]) fn();
  }

  getSnapshot = (): EditorSnapshot => {
    if (this.snap) return this.snap;
    const layers = this.map.layers();
    const features = this.map.features();
    const byId = new Map(features.map((f) => [f.id, f]));
    if (this.selected && !byId.has(this.selected)) this.selected = null;
    if (!this.active || !layers.some((l) => l.id === this.active)) this.active = layers[layers.length - 1]?.id ?? null;
    this.snap = {
      layers,
      features,
      byId,
      selectedId: this.selected,
      activeLayerId: this.active,
      canUndo: this.undo.canUndo(),
      canRedo: this.undo.canRedo(),
      version: this.version,
    };
    return this.snap;
  };

  /** Select a feature (null: none); its layer becomes the active one. */
  select(id: string | null) {
    if (id === this.selected) return;
    this.selected = id;
    const f = id ? this.map.feature(id) : null;
    if (f) this.active = f.layerId;
    this.changed();
  }

  setActiveLayer(id: string) {
    if (id === this.active) return;
    this.active = id;
    this.changed();
  }

  /** The layer new drawings go to: the active one, made if the map has none. */
  layerForDrawing(): string {
    const s = this.getSnapshot();
    if (s.activeLayerId) return s.activeLayerId;
    const id = this.map.addLayer({ name: 'Layer 1' });
    this.active = id;
    this.changed();
    return id;
  }

  /** Close the current undo step, so the next edit is its own step. */
  stopCapturing() {
    this.undo.stopCapturing();
  }

  undoLast() {
    this.undo.undo();
  }

  redoLast() {
    this.undo.redo();
  }
}
