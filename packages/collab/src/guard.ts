import * as Y from 'yjs';
import { FEATURES, LAYERS } from './model.ts';

/**
 * A server-side check of a Yjs update before it is applied and stored. It cannot judge meaning
 * (readers skip entries that fail the model's validation), but it keeps what is stored within
 * bounds and within the shapes the model uses: only the `layers` and `features` roots, only maps,
 * arrays and JSON values, map keys and values of bounded size. Anything else (text, XML, binary,
 * sub-documents, embeds) is refused, so a hostile client cannot make the server store it.
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

/** Check an encoded (v1) update without applying it. */
export function checkUpdate(update: Uint8Array, limits: UpdateLimits = DEFAULT_UPDATE_LIMITS): UpdateCheck {
  if (update.byteLength > limits.maxUpdateBytes) {
    return { ok: false, reason: `update of ${update.byteLength} bytes exceeds the limit of ${limits.maxUpdateBytes}` };
  }
  let decoded: { structs: Array<Y.Item | Y.GC | Y.Skip> };
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return { ok: false, reason: 'malformed update' };
  }
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
      continue;
    }
    if (c instanceof Y.ContentAny) {
      for (const v of c.arr) {
        const n = jsonChars(v);
        if (n < 0) return { ok: false, reason: 'a value that is not plain JSON' };
        if (n > limits.maxValueChars) return { ok: false, reason: `a value larger than ${limits.maxValueChars} characters` };
      }
      continue;
    }
    return { ok: false, reason: `content of type ${c.constructor.name} is not part of the map model` };
  }
  return { ok: true, structs: decoded.structs.length };
}
