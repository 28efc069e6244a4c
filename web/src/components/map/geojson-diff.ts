// The change from one FeatureCollection to the next, by a feature property that identifies each
// feature (MapLibre's `promoteId`), as MapLibre's `updateData` takes it. MapLibre rebuilds only the
// tiles a diff touches, where `setData` rebuilds every loaded tile of the source: on a planner
// click that is one or two tiles instead of all those in view, so the worker's answer is back in
// time for the next frame more often (see docs/map-kit.md).
import type { Feature, FeatureCollection, GeoJSON } from 'geojson';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import { sameValue } from './same-value';

type Id = string | number;

function isCollection(d: unknown): d is FeatureCollection {
  return typeof d === 'object' && d !== null && (d as GeoJSON).type === 'FeatureCollection';
}

/** Each feature by its `key` property, or null when one lacks it (or it is not a string/number) or two share it. */
function byKey(fc: FeatureCollection, key: string): Map<Id, Feature> | null {
  const out = new Map<Id, Feature>();
  for (const f of fc.features) {
    const id = f.properties?.[key] as unknown;
    if ((typeof id !== 'string' && typeof id !== 'number') || out.has(id)) return null;
    out.set(id, f);
  }
  return out;
}

/**
 * The diff that turns `prev` into `next` (features compared by value: geometry and properties),
 * `{}` when they hold the same features, or null when no diff applies: either is not a
 * FeatureCollection, or a feature lacks a unique `key`.
 */
export function featureDiff(prev: unknown, next: unknown, key: string): GeoJSONSourceDiff | null {
  if (!isCollection(prev) || !isCollection(next)) return null;
  const before = byKey(prev, key);
  const after = byKey(next, key);
  if (!before || !after) return null;
  const remove: Id[] = [];
  const add: Feature[] = [];
  for (const [id, f] of after) {
    const old = before.get(id);
    if (old === f || (old && sameValue(old.geometry, f.geometry) && sameValue(old.properties, f.properties))) continue;
    if (old) remove.push(id);
    add.push(f);
  }
  for (const id of before.keys()) if (!after.has(id)) remove.push(id);
  return { ...(remove.length ? { remove } : {}), ...(add.length ? { add } : {}) };
}

/** Whether a diff from featureDiff changes nothing. */
export function emptyDiff(d: GeoJSONSourceDiff): boolean {
  return !d.remove?.length && !d.add?.length && !d.update?.length && !d.removeAll;
}
