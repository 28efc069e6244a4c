import { generateKeyBetween } from 'fractional-indexing';
import * as Y from 'yjs';
import {
  DEFAULT_STYLE,
  LIMITS,
  geometrySchema,
  layerSourceSchema,
  nameSchema,
  propertiesSchema,
  styleOverrideSchema,
  type FeatureRecord,
  type GeometryRevision,
  type Json,
  type LayerRecord,
  type LayerSource,
  type Properties,
  type Style,
  type StyleOverride,
} from './schema.ts';

/**
 * The shared document of one project map (a Yjs doc):
 *
 * - `layers`: Y.Map<layerId, Y.Map> — name, order (fractional index), visible, locked,
 *   style (Y.Map, so different keys merge), source, createdBy/At, deletedAt/By (tombstone).
 * - `features`: Y.Map<featureId, Y.Map>, in one of two shapes (a document may hold both; every
 *   reader and writer here handles both, and a feature keeps the shape it was created in):
 *   - **lean** (model 2, every feature created since): one Y.Map and no nested types —
 *     `c` = { layer, by, at } (layer, creator, creation time: one value), `g:<clientId>:<at>` =
 *     a GeometryRevision per geometry written (a writer never overwrites another's key, so a
 *     concurrent loser is kept), `p:<name>` = one property each and `s:<key>` = one style override
 *     each (different keys merge), deletedAt/By (tombstone until compaction).
 *   - **nested** (before model 2): layer, geom (Y.Array of GeometryRevision), props (Y.Map),
 *     style (Y.Map), createdBy/At, deletedAt/By.
 *   In both, the current geometry is the latest revision by author clock, ties by client id.
 *
 * A geometry is written as one value at the end of a gesture. Readers never trust the document:
 * an entry that does not validate (written by a broken or hostile client) is skipped, not thrown.
 */

export const LAYERS = 'layers';
export const FEATURES = 'features';

/**
 * The document model's version. Clients announce it when they connect; the server refuses older
 * ones (an old client would not see lean features and could rewrite them in the nested shape).
 */
export const MODEL_VERSION = 2;

/** Key prefixes of a lean feature's map: geometry revisions, properties, style overrides. */
export const GEOMETRY_PREFIX = 'g:';
export const PROPERTY_PREFIX = 'p:';
export const STYLE_PREFIX = 's:';
/** A lean feature's `{ layer, by, at }`. */
export const FEATURE_META = 'c';
/** Keys a feature's map may hold besides the prefixed ones, and the kind of each. */
export const FEATURE_KEYS: Readonly<Record<string, 'value' | 'map' | 'array'>> = {
  [FEATURE_META]: 'value',
  layer: 'value',
  geom: 'array',
  props: 'map',
  style: 'map',
  createdBy: 'value',
  createdAt: 'value',
  deletedAt: 'value',
  deletedBy: 'value',
  deletedWithLayer: 'value',
};

export class MapEditError extends Error {
  constructor(
    readonly code: 'invalid' | 'not_found' | 'locked' | 'limit',
    message: string,
  ) {
    super(message);
    this.name = 'MapEditError';
  }
}

export interface Actor {
  /** user id written as the author of changes */
  userId: string;
  /** transaction origin (the editor's UndoManager tracks only its own origin) */
  origin?: unknown;
  /** clock, for tests */
  now?: () => number;
  /**
   * The shape new features are created in: `lean` (the default, model 2). `nested` writes them as
   * clients before model 2 did — only to build such documents in tests.
   */
  featureShape?: 'lean' | 'nested';
}

// Web Crypto: in every browser (secure contexts) and in Node ≥ 19 as a global.
const newId = () => (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto.randomUUID();
const validGeometries = new WeakSet<object>();

function parse<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
  },
  value: unknown,
  what: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new MapEditError('invalid', `Invalid ${what}: ${i ? `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}` : 'rejected'}`);
  }
  return r.data;
}

function revisionOf(v: unknown): GeometryRevision | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as GeometryRevision;
  if (typeof r.by !== 'string' || typeof r.at !== 'number' || typeof r.c !== 'number' || !r.g || typeof r.g !== 'object') return null;
  if (!validGeometries.has(r.g)) {
    if (!geometrySchema.safeParse(r.g).success) return null;
    validGeometries.add(r.g);
  }
  return r;
}

const later = (a: GeometryRevision, b: GeometryRevision) => a.at > b.at || (a.at === b.at && a.c > b.c);

interface FeatureMeta {
  layer: string;
  by: string;
  at: number;
}

/** A lean feature's `c` value, or null when it is not one. */
function metaOf(m: Y.Map<unknown>): FeatureMeta | null {
  const v = m.get(FEATURE_META) as Partial<FeatureMeta> | undefined;
  if (!v || typeof v !== 'object' || Array.isArray(v) || v instanceof Y.AbstractType) return null;
  if (typeof v.layer !== 'string' || typeof v.by !== 'string' || typeof v.at !== 'number') return null;
  return v as FeatureMeta;
}

/** A feature map created before model 2 (nested `geom`, `props`, `style`). */
const isNested = (m: Y.Map<unknown>) => m.get('geom') instanceof Y.Array;

/** The layer id of a feature's map in either shape (null when it has none). */
export function featureLayer(m: unknown): string | null {
  if (!(m instanceof Y.Map)) return null;
  if (isNested(m)) {
    const l = m.get('layer');
    return typeof l === 'string' ? l : null;
  }
  return metaOf(m)?.layer ?? null;
}

const revisionKey = (r: GeometryRevision) => `${GEOMETRY_PREFIX}${r.c}:${r.at}`;

/** A lean feature's revisions with their keys. */
function leanRevisions(m: Y.Map<unknown>): { key: string; r: GeometryRevision }[] {
  const out: { key: string; r: GeometryRevision }[] = [];
  for (const [k, v] of m.entries()) {
    if (!k.startsWith(GEOMETRY_PREFIX)) continue;
    const r = revisionOf(v);
    if (r) out.push({ key: k, r });
  }
  return out;
}

/** The current geometry revision of a feature's map in either shape. */
function currentOf(m: Y.Map<unknown>): GeometryRevision | null {
  const geom = m.get('geom');
  if (geom instanceof Y.Array) return currentRevision(geom);
  let best: GeometryRevision | null = null;
  for (const { r } of leanRevisions(m)) if (!best || later(r, best)) best = r;
  return best;
}

/** Set (value) or delete (undefined / null) keys of a feature's properties or style, in its shape. */
function writeKeys(m: Y.Map<unknown>, part: 'props' | 'style', patch: Record<string, unknown>, removeIf: (v: unknown) => boolean) {
  if (isNested(m)) {
    let t = m.get(part);
    if (!(t instanceof Y.Map)) m.set(part, (t = new Y.Map()));
    for (const [k, v] of Object.entries(patch)) {
      if (removeIf(v)) (t as Y.Map<unknown>).delete(k);
      else (t as Y.Map<unknown>).set(k, v);
    }
    return;
  }
  const prefix = part === 'props' ? PROPERTY_PREFIX : STYLE_PREFIX;
  for (const [k, v] of Object.entries(patch)) {
    if (removeIf(v)) m.delete(prefix + k);
    else m.set(prefix + k, v);
  }
}

/** Add a geometry revision to a feature's map, in its shape. */
function pushRevision(m: Y.Map<unknown>, rev: GeometryRevision) {
  const geom = m.get('geom');
  if (geom instanceof Y.Array) geom.push([rev]);
  else m.set(revisionKey(rev), rev);
}

/** The current geometry revision of a feature's revision list: the latest by author clock. */
export function currentRevision(geom: Y.Array<unknown>): GeometryRevision | null {
  let best: GeometryRevision | null = null;
  for (const v of geom.toArray()) {
    const r = revisionOf(v);
    if (r && (!best || later(r, best))) best = r;
  }
  return best;
}

function plainStyle(m: unknown): StyleOverride {
  if (!(m instanceof Y.Map)) return {};
  const r = styleOverrideSchema.safeParse(m.toJSON());
  return r.success ? r.data : {};
}

function readLayer(id: string, m: unknown): LayerRecord | null {
  if (!(m instanceof Y.Map) || m.get('deletedAt') != null) return null;
  const name = m.get('name');
  const order = m.get('order');
  if (typeof name !== 'string' || typeof order !== 'string') return null;
  const source = layerSourceSchema.safeParse(m.get('source'));
  return {
    id,
    name,
    order,
    visible: m.get('visible') !== false,
    locked: m.get('locked') === true,
    style: { ...DEFAULT_STYLE, ...plainStyle(m.get('style')) },
    source: source.success ? source.data : null,
    createdBy: String(m.get('createdBy') ?? ''),
    createdAt: Number(m.get('createdAt') ?? 0),
  };
}

function readFeature(id: string, m: unknown, includeDeleted = false): FeatureRecord | null {
  if (!(m instanceof Y.Map)) return null;
  if (!includeDeleted && m.get('deletedAt') != null) return null;
  const geom = m.get('geom');
  if (geom instanceof Y.Array) {
    const layerId = m.get('layer');
    if (typeof layerId !== 'string') return null;
    const rev = currentRevision(geom);
    if (!rev) return null;
    const props = m.get('props');
    const properties = props instanceof Y.Map ? (props.toJSON() as Properties) : {};
    return {
      id,
      layerId,
      geometry: rev.g,
      properties,
      style: plainStyle(m.get('style')),
      createdBy: String(m.get('createdBy') ?? ''),
      createdAt: Number(m.get('createdAt') ?? 0),
      updatedBy: rev.by,
      updatedAt: rev.at,
    };
  }
  const meta = metaOf(m);
  if (!meta) return null;
  // One pass over the keys: revisions, properties and style overrides.
  let rev: GeometryRevision | null = null;
  const properties: Properties = {};
  const style: Record<string, unknown> = {};
  let hasStyle = false;
  for (const [k, v] of m.entries()) {
    if (k.length < 3 || k[1] !== ':' || v instanceof Y.AbstractType || v === undefined) continue;
    const p = k[0];
    if (p === 'g') {
      const r = revisionOf(v);
      if (r && (!rev || later(r, rev))) rev = r;
    } else if (p === 'p') properties[k.slice(2)] = v as Json;
    else if (p === 's') {
      style[k.slice(2)] = v;
      hasStyle = true;
    }
  }
  if (!rev) return null;
  let plain: StyleOverride = {};
  if (hasStyle) {
    const r = styleOverrideSchema.safeParse(style);
    if (r.success) plain = r.data;
  }
  return {
    id,
    layerId: meta.layer,
    geometry: rev.g,
    properties,
    style: plain,
    createdBy: meta.by,
    createdAt: meta.at,
    updatedBy: rev.by,
    updatedAt: rev.at,
  };
}

/** A view of one project map's document that reads safely and writes validated changes. */
export class ProjectMap {
  readonly layersMap: Y.Map<Y.Map<unknown>>;
  readonly featuresMap: Y.Map<Y.Map<unknown>>;

  constructor(
    readonly doc: Y.Doc,
    readonly actor: Actor,
  ) {
    this.layersMap = doc.getMap(LAYERS);
    this.featuresMap = doc.getMap(FEATURES);
  }

  private now() {
    return (this.actor.now ?? Date.now)();
  }

  private transact<T>(fn: () => T): T {
    let out!: T;
    this.doc.transact(() => {
      out = fn();
    }, this.actor.origin ?? null);
    return out;
  }

  // ---------- layers ----------

  /** Live layers, sorted by their order (ties by id, so every replica agrees). */
  layers(): LayerRecord[] {
    const out: LayerRecord[] = [];
    this.layersMap.forEach((m, id) => {
      const l = readLayer(id, m);
      if (l) out.push(l);
    });
    return out.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : 1));
  }

  layer(id: string): LayerRecord | null {
    return readLayer(id, this.layersMap.get(id));
  }

  private liveLayer(id: string): Y.Map<unknown> {
    const m = this.layersMap.get(id);
    if (!readLayer(id, m)) throw new MapEditError('not_found', `No layer ${id}`);
    return m!;
  }

  private unlockedLayer(id: string): Y.Map<unknown> {
    const m = this.liveLayer(id);
    if (m.get('locked') === true) throw new MapEditError('locked', 'This layer is locked');
    return m;
  }

  addLayer(input: {
    name: string;
    style?: Partial<Style>;
    source?: LayerSource | null;
    visible?: boolean;
    locked?: boolean;
    id?: string;
  }): string {
    const name = parse(nameSchema, input.name, 'layer name');
    const style = parse(styleOverrideSchema, input.style ?? {}, 'layer style');
    const source = input.source == null ? null : parse(layerSourceSchema, input.source, 'layer source');
    const existing = this.layers();
    if (existing.length >= LIMITS.maxLayers) throw new MapEditError('limit', `A map may have at most ${LIMITS.maxLayers} layers`);
    const id = input.id ?? newId();
    const last = existing[existing.length - 1];
    return this.transact(() => {
      const m = new Y.Map<unknown>();
      m.set('name', name);
      m.set('order', generateKeyBetween(last?.order ?? null, null));
      m.set('visible', input.visible ?? true);
      m.set('locked', input.locked ?? false);
      const s = new Y.Map<unknown>();
      for (const [k, v] of Object.entries({ ...DEFAULT_STYLE, ...style })) s.set(k, v);
      m.set('style', s);
      if (source) m.set('source', source);
      m.set('createdBy', this.actor.userId);
      m.set('createdAt', this.now());
      this.layersMap.set(id, m);
      return id;
    });
  }

  updateLayer(id: string, patch: { name?: string; visible?: boolean; locked?: boolean; style?: Partial<Style> }) {
    const m = this.liveLayer(id);
    const name = patch.name === undefined ? undefined : parse(nameSchema, patch.name, 'layer name');
    const style = patch.style === undefined ? undefined : parse(styleOverrideSchema, patch.style, 'layer style');
    this.transact(() => {
      if (name !== undefined) m.set('name', name);
      if (patch.visible !== undefined) m.set('visible', !!patch.visible);
      if (patch.locked !== undefined) m.set('locked', !!patch.locked);
      if (style) {
        let s = m.get('style');
        if (!(s instanceof Y.Map)) m.set('style', (s = new Y.Map()));
        for (const [k, v] of Object.entries(style)) (s as Y.Map<unknown>).set(k, v);
      }
    });
  }

  /** Move a layer to position `index` of the sorted list (only its own order key changes). */
  moveLayer(id: string, index: number) {
    const m = this.liveLayer(id);
    const others = this.layers().filter((l) => l.id !== id);
    const i = Math.max(0, Math.min(others.length, Math.trunc(index)));
    const before = others[i - 1]?.order ?? null;
    let after = others[i]?.order ?? null;
    // Two replicas may have given two layers the same key: step past equal keys.
    if (before !== null && after !== null && after <= before) after = null;
    this.transact(() => m.set('order', generateKeyBetween(before, after)));
  }

  /** Tombstone a layer and its live features (restorable until compaction). */
  deleteLayer(id: string) {
    const m = this.liveLayer(id);
    const at = this.now();
    this.transact(() => {
      m.set('deletedAt', at);
      m.set('deletedBy', this.actor.userId);
      this.featuresMap.forEach((f) => {
        if (f instanceof Y.Map && featureLayer(f) === id && f.get('deletedAt') == null) {
          f.set('deletedAt', at);
          f.set('deletedBy', this.actor.userId);
          f.set('deletedWithLayer', true);
        }
      });
    });
  }

  restoreLayer(id: string) {
    const m = this.layersMap.get(id);
    if (!(m instanceof Y.Map) || m.get('deletedAt') == null) throw new MapEditError('not_found', `No deleted layer ${id}`);
    const at = m.get('deletedAt');
    this.transact(() => {
      m.delete('deletedAt');
      m.delete('deletedBy');
      this.featuresMap.forEach((f) => {
        if (f instanceof Y.Map && featureLayer(f) === id && f.get('deletedWithLayer') === true && f.get('deletedAt') === at) {
          f.delete('deletedAt');
          f.delete('deletedBy');
          f.delete('deletedWithLayer');
        }
      });
    });
  }

  // ---------- features ----------

  /** Live features whose layer is live, optionally of one layer. */
  features(opts: { layerId?: string } = {}): FeatureRecord[] {
    const live = new Set(this.layers().map((l) => l.id));
    const out: FeatureRecord[] = [];
    this.featuresMap.forEach((m, id) => {
      const f = readFeature(id, m);
      if (f && live.has(f.layerId) && (!opts.layerId || f.layerId === opts.layerId)) out.push(f);
    });
    return out;
  }

  feature(id: string, opts: { includeDeleted?: boolean } = {}): FeatureRecord | null {
    return readFeature(id, this.featuresMap.get(id), opts.includeDeleted);
  }

  private liveFeature(id: string): { m: Y.Map<unknown>; f: FeatureRecord } {
    const m = this.featuresMap.get(id);
    const f = readFeature(id, m);
    if (!f || !this.layer(f.layerId)) throw new MapEditError('not_found', `No feature ${id}`);
    if (this.layersMap.get(f.layerId)?.get('locked') === true) throw new MapEditError('locked', 'This layer is locked');
    return { m: m!, f };
  }

  private countLive(): number {
    let n = 0;
    this.featuresMap.forEach((m) => {
      if (m instanceof Y.Map && m.get('deletedAt') == null) n++;
    });
    return n;
  }

  private revision(geometry: unknown): GeometryRevision {
    const g = parse(geometrySchema, geometry, 'geometry');
    validGeometries.add(g);
    return { g, by: this.actor.userId, at: this.now(), c: this.doc.clientID };
  }

  addFeature(input: { layerId: string; geometry: unknown; properties?: unknown; style?: unknown; id?: string }): string {
    return this.addFeatures(input.layerId, [input])[0]!;
  }

  /** Add several features to one layer in one transaction; all are validated before anything is written. */
  addFeatures(layerId: string, items: { geometry: unknown; properties?: unknown; style?: unknown; id?: string }[]): string[] {
    this.unlockedLayer(layerId);
    const prepared = items.map((input) => {
      const id = input.id ?? newId();
      if (this.featuresMap.has(id)) throw new MapEditError('invalid', `Feature ${id} exists`);
      return {
        id,
        rev: this.revision(input.geometry),
        properties: parse(propertiesSchema, input.properties ?? {}, 'properties'),
        style: parse(styleOverrideSchema, input.style ?? {}, 'style'),
      };
    });
    if (this.countLive() + prepared.length > LIMITS.maxFeatures)
      throw new MapEditError('limit', `A map may have at most ${LIMITS.maxFeatures} features`);
    return this.transact(() =>
      prepared.map((p) => (this.featuresMap.set(p.id, this.featureMap(layerId, p.rev, p.properties, p.style)), p.id)),
    );
  }

  /** A new feature's map, in the lean shape. */
  private featureMap(layerId: string, rev: GeometryRevision, properties: Properties, style: StyleOverride): Y.Map<unknown> {
    if (this.actor.featureShape === 'nested') return nestedFeatureMap(layerId, rev, properties, style);
    const m = new Y.Map<unknown>();
    m.set(FEATURE_META, { layer: layerId, by: rev.by, at: rev.at } satisfies FeatureMeta);
    m.set(revisionKey(rev), rev);
    for (const [k, v] of Object.entries(properties)) m.set(PROPERTY_PREFIX + k, v);
    for (const [k, v] of Object.entries(style)) m.set(STYLE_PREFIX + k, v);
    return m;
  }

  /** Write a new geometry (one value, at the end of a gesture); earlier ones stay as revisions. */
  setGeometry(id: string, geometry: unknown) {
    const { m } = this.liveFeature(id);
    const rev = this.revision(geometry);
    // Keep the clock monotonic per feature so a writer's new geometry is never older than the current one.
    const cur = currentOf(m);
    if (cur && rev.at <= cur.at) rev.at = cur.at + 1;
    this.transact(() => pushRevision(m, rev));
  }

  /** Set (value) or remove (undefined) properties; each key merges on its own. */
  setProperties(id: string, patch: Record<string, Json | undefined>) {
    const { m, f } = this.liveFeature(id);
    const next: Record<string, Json> = { ...f.properties };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    parse(propertiesSchema, next, 'properties');
    this.transact(() => writeKeys(m, 'props', patch, (v) => v === undefined));
  }

  /** Per-feature style overrides: a value sets, null removes (back to the layer's). */
  setStyle(id: string, patch: Partial<Record<keyof Style, number | string | null>>) {
    const { m } = this.liveFeature(id);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
    parse(styleOverrideSchema.strict(), set, 'style');
    this.transact(() => writeKeys(m, 'style', patch, (v) => v === null || v === undefined));
  }

  moveToLayer(id: string, layerId: string) {
    const { m } = this.liveFeature(id);
    this.unlockedLayer(layerId);
    this.transact(() => setFeatureLayer(m, layerId));
  }

  deleteFeature(id: string) {
    const { m } = this.liveFeature(id);
    this.transact(() => {
      m.set('deletedAt', this.now());
      m.set('deletedBy', this.actor.userId);
    });
  }

  restoreFeature(id: string) {
    const m = this.featuresMap.get(id);
    if (!(m instanceof Y.Map) || m.get('deletedAt') == null || !readFeature(id, m, true))
      throw new MapEditError('not_found', `No deleted feature ${id}`);
    const layerId = featureLayer(m) ?? '';
    if (!this.layer(layerId)) throw new MapEditError('not_found', 'Restore its layer first');
    this.transact(() => {
      m.delete('deletedAt');
      m.delete('deletedBy');
      m.delete('deletedWithLayer');
    });
  }

  /** Every kept geometry of a feature, oldest first (the last is the current one). */
  revisions(id: string): GeometryRevision[] {
    const m = this.featuresMap.get(id);
    if (!(m instanceof Y.Map)) return [];
    const geom = m.get('geom');
    const all =
      geom instanceof Y.Array
        ? geom
            .toArray()
            .map(revisionOf)
            .filter((r): r is GeometryRevision => r !== null)
        : leanRevisions(m).map((x) => x.r);
    return all.sort((a, b) => (later(a, b) ? 1 : later(b, a) ? -1 : 0));
  }

  /** Make an earlier revision current again (written as a new revision by this actor). */
  restoreRevision(id: string, revision: Pick<GeometryRevision, 'at' | 'c'>) {
    const r = this.revisions(id).find((x) => x.at === revision.at && x.c === revision.c);
    if (!r) throw new MapEditError('not_found', 'No such revision');
    this.setGeometry(id, r.g);
  }
}

/** A feature's map as clients before model 2 wrote it. */
function nestedFeatureMap(layerId: string, rev: GeometryRevision, properties: Properties, style: StyleOverride): Y.Map<unknown> {
  const m = new Y.Map<unknown>();
  m.set('layer', layerId);
  const geom = new Y.Array<unknown>();
  geom.push([rev]);
  m.set('geom', geom);
  const p = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(properties)) p.set(k, v);
  m.set('props', p);
  const s = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(style)) s.set(k, v);
  m.set('style', s);
  m.set('createdBy', rev.by);
  m.set('createdAt', rev.at);
  return m;
}

/** Move a feature's map to another layer, in its shape. */
function setFeatureLayer(m: Y.Map<unknown>, layerId: string) {
  if (isNested(m)) m.set('layer', layerId);
  else {
    const meta = metaOf(m);
    m.set(FEATURE_META, { layer: layerId, by: meta?.by ?? '', at: meta?.at ?? 0 } satisfies FeatureMeta);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Structural equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Make the keys of a Y.Map equal `target` (only differing keys are written; others are deleted). */
function syncMap(m: Y.Map<unknown>, target: Record<string, unknown>): boolean {
  let changed = false;
  for (const k of [...m.keys()]) {
    if (!Object.prototype.hasOwnProperty.call(target, k)) {
      m.delete(k);
      changed = true;
    }
  }
  for (const [k, v] of Object.entries(target)) {
    if (!jsonEqual(m.get(k), v)) {
      m.set(k, v);
      changed = true;
    }
  }
  return changed;
}

function childMap(parent: Y.Map<unknown>, key: string): Y.Map<unknown> {
  let m = parent.get(key);
  if (!(m instanceof Y.Map)) parent.set(key, (m = new Y.Map()));
  return m as Y.Map<unknown>;
}

/** Make a lean feature's keys under `prefix` equal `target` (only differing keys are written). */
function syncPrefixed(m: Y.Map<unknown>, prefix: string, target: Record<string, unknown>): boolean {
  let changed = false;
  for (const k of [...m.keys()]) {
    if (k.startsWith(prefix) && !Object.prototype.hasOwnProperty.call(target, k.slice(prefix.length))) {
      m.delete(k);
      changed = true;
    }
  }
  for (const [k, v] of Object.entries(target)) {
    if (!jsonEqual(m.get(prefix + k), v)) {
      m.set(prefix + k, v);
      changed = true;
    }
  }
  return changed;
}

export interface RestoreResult {
  /** features whose geometry, properties, style, layer or existence changed */
  features: number;
  /** layers whose attributes or existence changed */
  layers: number;
}

/**
 * Bring `map` back to what `past` (the same map rebuilt at an earlier point) shows, written as new
 * changes by `map`'s actor so collaborators merge them: tombstoned entries are revived, compacted
 * ones recreated with their ids, later additions tombstoned (restorable), geometries written as a
 * new revision (the replaced one stays in the history), properties and styles set key by key.
 * With `featureId`, only that feature (and, if needed, its layer's existence) is restored.
 * Layer locks do not stop a restore; a whole-map restore also restores the lock flags.
 */
export function restoreFrom(map: ProjectMap, past: ProjectMap, opts: { featureId?: string } = {}): RestoreResult {
  const now = (map.actor.now ?? Date.now)();
  const result: RestoreResult = { features: 0, layers: 0 };
  const pastLayers = new Map(past.layers().map((l) => [l.id, l]));
  const pastFeatures = new Map(past.features().map((f) => [f.id, f]));

  const reviveLayer = (id: string, full: boolean): boolean => {
    const l = pastLayers.get(id);
    if (!l) return false;
    let m = map.layersMap.get(id);
    let changed = false;
    if (!(m instanceof Y.Map)) {
      m = new Y.Map<unknown>();
      map.layersMap.set(id, m);
      m.set('createdBy', l.createdBy);
      m.set('createdAt', l.createdAt);
      changed = true;
    }
    if (m.get('deletedAt') != null) {
      m.delete('deletedAt');
      m.delete('deletedBy');
      changed = true;
    }
    const ensure = (k: string, v: unknown) => {
      if (!jsonEqual(m!.get(k), v)) {
        m!.set(k, v);
        changed = true;
      }
    };
    if (full || changed) {
      ensure('name', l.name);
      ensure('order', l.order);
      ensure('visible', l.visible);
      ensure('locked', l.locked);
      if (l.source) ensure('source', l.source);
      else if (m.has('source')) {
        m.delete('source');
        changed = true;
      }
      if (syncMap(childMap(m, 'style'), l.style)) changed = true;
    }
    return changed;
  };

  const restoreFeature = (id: string): boolean => {
    const f = pastFeatures.get(id);
    let m = map.featuresMap.get(id);
    if (!f) {
      if (m instanceof Y.Map && m.get('deletedAt') == null) {
        m.set('deletedAt', now);
        m.set('deletedBy', map.actor.userId);
        return true;
      }
      return false;
    }
    let changed = false;
    if (!(m instanceof Y.Map) || (!isNested(m) && !metaOf(m))) {
      // Compacted away (or unreadable): recreated, in the lean shape.
      m = new Y.Map<unknown>();
      map.featuresMap.set(id, m);
      m.set(FEATURE_META, { layer: f.layerId, by: f.createdBy, at: f.createdAt } satisfies FeatureMeta);
      changed = true;
    }
    for (const k of ['deletedAt', 'deletedBy', 'deletedWithLayer']) {
      if (m.has(k)) {
        m.delete(k);
        changed = true;
      }
    }
    if (featureLayer(m) !== f.layerId) {
      setFeatureLayer(m, f.layerId);
      changed = true;
    }
    const cur = currentOf(m);
    if (!cur || !jsonEqual(cur.g, f.geometry)) {
      pushRevision(m, { g: f.geometry, by: map.actor.userId, at: Math.max(now, (cur?.at ?? 0) + 1), c: map.doc.clientID });
      changed = true;
    }
    if (isNested(m)) {
      if (syncMap(childMap(m, 'props'), f.properties)) changed = true;
      if (syncMap(childMap(m, 'style'), f.style)) changed = true;
    } else {
      if (syncPrefixed(m, PROPERTY_PREFIX, f.properties)) changed = true;
      if (syncPrefixed(m, STYLE_PREFIX, f.style)) changed = true;
    }
    return changed;
  };

  map.doc.transact(() => {
    if (opts.featureId !== undefined) {
      const f = pastFeatures.get(opts.featureId);
      if (f && !map.layer(f.layerId) && reviveLayer(f.layerId, false)) result.layers++;
      if (restoreFeature(opts.featureId)) result.features++;
      return;
    }
    const layerIds = new Set<string>([...pastLayers.keys(), ...map.layersMap.keys()]);
    for (const id of layerIds) {
      if (pastLayers.has(id)) {
        if (reviveLayer(id, true)) result.layers++;
      } else {
        const m = map.layersMap.get(id);
        if (m instanceof Y.Map && m.get('deletedAt') == null) {
          m.set('deletedAt', now);
          m.set('deletedBy', map.actor.userId);
          result.layers++;
        }
      }
    }
    const featureIds = new Set<string>([...pastFeatures.keys(), ...map.featuresMap.keys()]);
    for (const id of featureIds) if (restoreFeature(id)) result.features++;
  }, map.actor.origin ?? null);
  return result;
}

/**
 * Calls `onReplaced` when a remote change makes another author's geometry current on a feature
 * whose current geometry was this client's: "your edit of X was replaced by Y" (the replaced one
 * stays in the feature's revisions). Returns the unsubscribe function.
 */
export function observeReplacedGeometry(
  doc: Y.Doc,
  onReplaced: (e: { featureId: string; mine: GeometryRevision; theirs: GeometryRevision }) => void,
): () => void {
  const features = doc.getMap<Y.Map<unknown>>(FEATURES);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const handler = (events: Y.YEvent<any>[], tr: Y.Transaction) => {
    if (tr.local) return;
    const tell = (featureId: string, before: GeometryRevision | null, now: GeometryRevision | null) => {
      if (before && now && before !== now && before.c === doc.clientID && now.c !== doc.clientID) {
        onReplaced({ featureId, mine: before, theirs: now });
      }
    };
    for (const ev of events) {
      // A lean feature: its own map changed; new revisions are added `g:` keys.
      if (ev.target instanceof Y.Map && ev.target.parent === features) {
        const featureId = ev.path[0] ?? ev.target._item?.parentSub;
        if (typeof featureId !== 'string' || isNested(ev.target)) continue;
        const added = new Set<string>();
        for (const [k, c] of (ev as Y.YMapEvent<unknown>).changes.keys)
          if (k.startsWith(GEOMETRY_PREFIX) && c.action === 'add') added.add(k);
        if (!added.size) continue;
        let before: GeometryRevision | null = null;
        for (const { key, r } of leanRevisions(ev.target)) if (!added.has(key) && (!before || later(r, before))) before = r;
        tell(featureId, before, currentOf(ev.target));
        continue;
      }
      if (!(ev.target instanceof Y.Array) || !(ev.target.parent instanceof Y.Map)) continue;
      const featureMap = ev.target.parent;
      const featureId = featureMap._item?.parentSub;
      if (!featureId || ev.path[ev.path.length - 1] !== 'geom') continue;
      const added = new Set<unknown>();
      for (const item of ev.changes.added) for (const v of item.content.getContent()) added.add(v);
      const all = (ev.target as Y.Array<unknown>).toArray();
      let before: GeometryRevision | null = null;
      for (const v of all) {
        const r = revisionOf(v);
        if (r && !added.has(v) && (!before || later(r, before))) before = r;
      }
      tell(featureId, before, currentRevision(ev.target as Y.Array<unknown>));
    }
  };
  features.observeDeep(handler);
  return () => features.unobserveDeep(handler);
}

/**
 * Server-side compaction: removes tombstoned features and layers deleted more than `tombstoneAgeMs`
 * ago and trims each feature's revisions to the newest `keep` (the current one always stays).
 * Returns what it removed.
 */
export function compact(doc: Y.Doc, opts: { now?: number; tombstoneAgeMs: number; keep?: number }) {
  const now = opts.now ?? Date.now();
  const keep = Math.max(1, opts.keep ?? LIMITS.keptRevisions);
  const layers = doc.getMap<Y.Map<unknown>>(LAYERS);
  const features = doc.getMap<Y.Map<unknown>>(FEATURES);
  let removedFeatures = 0;
  let removedLayers = 0;
  let trimmedRevisions = 0;
  doc.transact(() => {
    for (const [id, m] of [...features.entries()]) {
      const del = m instanceof Y.Map ? m.get('deletedAt') : null;
      if (!(m instanceof Y.Map) || (typeof del === 'number' && now - del > opts.tombstoneAgeMs)) {
        features.delete(id);
        removedFeatures++;
        continue;
      }
      const geom = m.get('geom');
      if (!(geom instanceof Y.Array)) {
        const revs = leanRevisions(m);
        if (revs.length > keep) {
          revs.sort((a, b) => (later(a.r, b.r) ? -1 : 1));
          for (const { key } of revs.slice(keep)) m.delete(key);
          trimmedRevisions += revs.length - keep;
        }
        continue;
      }
      if (geom.length > keep) {
        const ranked = geom
          .toArray()
          .map((v, i) => ({ r: revisionOf(v), i }))
          .sort((a, b) => (a.r && b.r ? (later(a.r, b.r) ? -1 : 1) : a.r ? -1 : 1));
        const drop = ranked
          .slice(keep)
          .map((x) => x.i)
          .sort((a, b) => b - a);
        for (const i of drop) geom.delete(i, 1);
        trimmedRevisions += drop.length;
      }
    }
    for (const [id, m] of [...layers.entries()]) {
      const del = m instanceof Y.Map ? m.get('deletedAt') : null;
      if (!(m instanceof Y.Map) || (typeof del === 'number' && now - del > opts.tombstoneAgeMs)) {
        layers.delete(id);
        removedLayers++;
      }
    }
  }, 'compaction');
  return { removedFeatures, removedLayers, trimmedRevisions };
}
