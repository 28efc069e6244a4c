import * as Y from 'yjs';
import { FEATURE_KEYS, FEATURES, GEOMETRY_PREFIX, LAYERS, PROPERTY_PREFIX, STYLE_PREFIX } from './model.ts';
import { LIMITS } from './schema.ts';

/**
 * A server-side check of a Yjs update before it is applied and stored. It cannot judge meaning
 * (readers skip entries that fail the model's validation), but it keeps what is stored within
 * bounds and within the shapes the model uses: only the `layers` and `features` roots, only maps,
 * arrays and JSON values, map keys and values of bounded size. Anything else (text, XML, binary,
 * sub-documents, embeds) is refused, so a hostile client cannot make the server store it.
 *
 * Given the document the update is for, it also checks the keys of a feature's map (it finds an
 * entry's map and key in the update or, for edits of existing entries, in the document): only the
 * keys of the two feature shapes (model.ts), each with its kind — a lean feature's `p:`/`s:`/`g:`
 * keys hold plain values (a property within the property limits, a style value a string or number),
 * `geom`/`props`/`style` of a nested feature hold an array/map/map — and every entry of `features`
 * is a map.
 */

/** Root types a project map's document may hold. */
export const ALLOWED_ROOTS: readonly string[] = [LAYERS, FEATURES];

export interface UpdateLimits {
  /** bytes of one encoded update */
  maxUpdateBytes: number;
  /** characters of one stored value serialised as JSON (a geometry is one value) */
  maxValueChars: number;
  /** characters of a map key (feature, layer and property names) */
  maxKeyChars: number;
}

export const DEFAULT_UPDATE_LIMITS: UpdateLimits = {
  maxUpdateBytes: 16 * 1024 * 1024,
  maxValueChars: 8 * 1024 * 1024,
  maxKeyChars: 200,
};

export type UpdateCheck = { ok: true; structs: number } | { ok: false; reason: string };

const MAX_DEPTH = 32;

/** Size in characters of a JSON value, or -1 when it is not plain JSON (binary, undefined, deep, cyclic). */
function jsonChars(v: unknown, depth = 0): number {
  if (depth > MAX_DEPTH) return -1;
  if (v === null) return 4;
  switch (typeof v) {
    case 'boolean':
      return 5;
    case 'number':
      return Number.isFinite(v) ? 8 : -1;
    case 'string':
      return v.length + 2;
    case 'object': {
      let n = 2;
      if (Array.isArray(v)) {
        for (const x of v) {
          const c = jsonChars(x, depth + 1);
          if (c < 0) return -1;
          n += c + 1;
        }
        return n;
      }
      if (Object.getPrototypeOf(v) !== Object.prototype) return -1;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const c = jsonChars(x, depth + 1);
        if (c < 0) return -1;
        n += k.length + 3 + c + 1;
      }
      return n;
    }
    default:
      return -1;
  }
}

type Located = { root: string } | { item: Y.Item; integrated: boolean } | null;

/** Finds where entries of a decoded update go: their parent (a root or an item) and map key. */
class Locator {
  private byId = new Map<string, Y.Item>();
  private readonly featuresRoot: unknown;

  constructor(
    structs: Array<Y.Item | Y.GC | Y.Skip>,
    private readonly doc: Y.Doc | undefined,
  ) {
    for (const s of structs) {
      if (!(s instanceof Y.Item)) continue;
      this.byId.set(`${s.id.client}:${s.id.clock}`, s);
      // an origin names the last element of a multi-element item
      if (s.length > 1) this.byId.set(`${s.id.client}:${s.id.clock + s.length - 1}`, s);
    }
    this.featuresRoot = doc?.share.get(FEATURES);
  }

  private find(id: Y.ID): { item: Y.Item; integrated: boolean } | null {
    const own = this.byId.get(`${id.client}:${id.clock}`);
    if (own) return { item: own, integrated: false };
    if (!this.doc || Y.getState(this.doc.store, id.client) <= id.clock) return null;
    try {
      const s = Y.getItem(this.doc.store, id);
      return s instanceof Y.Item ? { item: s, integrated: true } : null;
    } catch {
      return null;
    }
  }

  /** The parent and key of an item (null when they cannot be found here). */
  where(item: Y.Item, integrated: boolean, depth = 0): { parent: Located; key: string | null } {
    if (integrated) {
      const parent = item.parent as Y.AbstractType<unknown>;
      if (parent._item) return { parent: { item: parent._item, integrated: true }, key: item.parentSub };
      return { parent: parent === this.featuresRoot ? { root: FEATURES } : { root: '' }, key: item.parentSub };
    }
    const p = item.parent as unknown;
    if (typeof p === 'string') return { parent: { root: p }, key: item.parentSub };
    if (p instanceof Y.ID) return { parent: this.find(p), key: item.parentSub };
    // Parent and key are not encoded when the item has a neighbour: they are the neighbour's.
    const n = item.origin ?? item.rightOrigin;
    if (!n || depth > 64) return { parent: null, key: null };
    const o = this.find(n);
    return o ? this.where(o.item, o.integrated, depth + 1) : { parent: null, key: null };
  }

  /** Whether a located parent is the `features` root (its entries are feature maps). */
  isFeaturesRoot(p: Located) {
    return !!p && 'root' in p && p.root === FEATURES;
  }

  /** Whether a located parent is a feature's map (an entry of the `features` root). */
  isFeature(p: Located) {
    if (!p || !('item' in p)) return false;
    return this.isFeaturesRoot(this.where(p.item, p.integrated).parent);
  }
}

const kindOf = (c: Y.Item['content']) =>
  c instanceof Y.ContentAny
    ? 'value'
    : c instanceof Y.ContentType
      ? c.type instanceof Y.Map
        ? 'map'
        : c.type instanceof Y.Array
          ? 'array'
          : 'other'
      : 'other';

/** Why a feature map's entry `key` with content `c` is not part of the model, or null when it is. */
function featureKeyProblem(key: string, c: Y.Item['content']): string | null {
  const kind = kindOf(c);
  const known = FEATURE_KEYS[key];
  if (known) return kind === known ? null : `feature key "${key}" must hold a ${known}`;
  const prefix = key.slice(0, 2);
  if (prefix !== GEOMETRY_PREFIX && prefix !== PROPERTY_PREFIX && prefix !== STYLE_PREFIX) {
    return `feature key "${key.slice(0, 40)}" is not part of the map model`;
  }
  if (kind !== 'value' || !(c instanceof Y.ContentAny)) return `feature key "${key.slice(0, 40)}" must hold a plain value`;
  const name = key.slice(2);
  for (const v of c.arr) {
    if (prefix === PROPERTY_PREFIX) {
      if (!name.length || name.length > LIMITS.maxPropertyKeyLength) return 'a property name that is empty or too long';
      if ((JSON.stringify(v) ?? '').length > LIMITS.maxPropertyValueLength) return 'a property value that is too long';
    } else if (prefix === STYLE_PREFIX) {
      if (!name.length || !((typeof v === 'string' && v.length <= 200) || typeof v === 'number'))
        return 'a style value that is not a short string or a number';
    } else if (!v || typeof v !== 'object' || Array.isArray(v)) return 'a geometry revision that is not an object';
  }
  return null;
}

/**
 * Check an encoded (v1) update without applying it; with `doc` (the document it is for), edits of
 * existing feature maps are checked too (see above).
 */
export function checkUpdate(update: Uint8Array, limits: UpdateLimits = DEFAULT_UPDATE_LIMITS, doc?: Y.Doc): UpdateCheck {
  if (update.byteLength > limits.maxUpdateBytes) {
    return { ok: false, reason: `update of ${update.byteLength} bytes exceeds the limit of ${limits.maxUpdateBytes}` };
  }
  let decoded: { structs: Array<Y.Item | Y.GC | Y.Skip> };
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return { ok: false, reason: 'malformed update' };
  }
  let locator: Locator | null = null;
  for (const s of decoded.structs) {
    if (!(s instanceof Y.Item)) continue; // GC and Skip carry no content
    // In a decoded (not integrated) update, a root type's parent is its name.
    const parent = s.parent as unknown;
    if (typeof parent === 'string' && !ALLOWED_ROOTS.includes(parent)) {
      return { ok: false, reason: `unknown root type "${parent.slice(0, 40)}"` };
    }
    if (s.parentSub !== null && s.parentSub.length > limits.maxKeyChars) {
      return { ok: false, reason: `a map key longer than ${limits.maxKeyChars} characters` };
    }
    const c = s.content;
    if (c instanceof Y.ContentDeleted) continue;
    if (c instanceof Y.ContentType) {
      if (!(c.type instanceof Y.Map) && !(c.type instanceof Y.Array)) return { ok: false, reason: 'only maps and arrays may be nested' };
    } else if (c instanceof Y.ContentAny) {
      for (const v of c.arr) {
        const n = jsonChars(v);
        if (n < 0) return { ok: false, reason: 'a value that is not plain JSON' };
        if (n > limits.maxValueChars) return { ok: false, reason: `a value larger than ${limits.maxValueChars} characters` };
      }
    } else {
      return { ok: false, reason: `content of type ${c.constructor.name} is not part of the map model` };
    }
    // Where it goes: an entry of `features` must be a map; an entry of a feature's map one of its keys.
    locator ??= new Locator(decoded.structs, doc);
    const { parent: at, key } = locator.where(s, false);
    if (locator.isFeaturesRoot(at)) {
      if (kindOf(c) !== 'map') return { ok: false, reason: 'a feature that is not a map' };
    } else if (key !== null && locator.isFeature(at)) {
      const problem = featureKeyProblem(key, c);
      if (problem) return { ok: false, reason: problem };
    }
  }
  return { ok: true, structs: decoded.structs.length };
}
