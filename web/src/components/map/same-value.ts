type Props = Record<string, unknown>;

/** Deep equality of JSON-like values (style expressions, GeoJSON geometries and properties: arrays, plain objects, primitives). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Props)[k], (b as Props)[k]));
}
