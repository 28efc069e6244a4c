import { MAX_WAYPOINTS } from '@waymark/geo/planner/limits';
import type { LegMode, LonLat, Waypoint } from './types';

export { MAX_WAYPOINTS };

let counter = 0;
export function newId(): string {
  counter = (counter + 1) % 1e9;
  return `w${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function wp(lon: number, lat: number, mode: LegMode = 'snap', via?: readonly LonLat[]): Waypoint {
  return mode === 'freehand' && via?.length
    ? { id: newId(), lon, lat, mode, via: via.map((p) => [p[0], p[1]]) }
    : { id: newId(), lon, lat, mode };
}

/** The waypoint without its fixed track (its leg becomes a plain leg of the same mode). */
function plain(w: Waypoint): Waypoint {
  if (!w.via) return w;
  const { via: _via, ...rest } = w;
  return rest;
}

/** Is the leg arriving at `w` a fixed track? */
export const isFixed = (w: Waypoint | undefined) => !!w?.via?.length;

export function addWaypoint(list: Waypoint[], at: LonLat, mode: LegMode): Waypoint[] {
  if (list.length >= MAX_WAYPOINTS) return list;
  return [...list, wp(at[0], at[1], mode)];
}

/**
 * Move a waypoint. A fixed (imported) leg touching it no longer follows its track: the moved
 * handle's two legs are re-routed (snapped); every other leg stays as it is.
 */
export function moveWaypoint(list: Waypoint[], id: string, to: LonLat): Waypoint[] {
  const i = list.findIndex((w) => w.id === id);
  if (i < 0) return list;
  return list.map((w, k) => {
    if (k === i) return { ...(isFixed(w) ? { ...plain(w), mode: 'snap' as const } : w), lon: to[0], lat: to[1] };
    if (k === i + 1 && isFixed(w)) return { ...plain(w), mode: 'snap' };
    return w;
  });
}

/** Insert a waypoint into leg `leg` (between waypoints leg and leg+1); it keeps that leg's mode, and a fixed leg's track is split where it passes nearest. */
export function insertWaypoint(list: Waypoint[], leg: number, at: LonLat): Waypoint[] {
  if (list.length >= MAX_WAYPOINTS || leg < 0 || leg >= list.length - 1) return list;
  const next = list[leg + 1]!;
  if (isFixed(next)) {
    const via = next.via!;
    const kx = Math.cos((at[1] * Math.PI) / 180);
    let best = 0;
    let bestD = Infinity;
    via.forEach((p, k) => {
      const d = Math.hypot((p[0] - at[0]) * kx, p[1] - at[1]);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    });
    const added = wp(at[0], at[1], 'freehand', via.slice(0, best));
    const rest = wp(next.lon, next.lat, 'freehand', via.slice(best + 1));
    return [...list.slice(0, leg + 1), added, { ...rest, id: next.id }, ...list.slice(leg + 2)];
  }
  return [...list.slice(0, leg + 1), wp(at[0], at[1], next.mode), ...list.slice(leg + 1)];
}

/** Delete a waypoint; when a fixed leg follows it, the merged leg keeps the track (through the deleted spot). */
export function deleteWaypoint(list: Waypoint[], id: string): Waypoint[] {
  const i = list.findIndex((w) => w.id === id);
  if (i < 0) return list;
  const w = list[i]!;
  const next = list[i + 1];
  const out = list.filter((x) => x.id !== id);
  if (i === 0 && out.length) out[0] = plain(out[0]!);
  else if (next && next.mode === 'freehand' && (isFixed(next) || isFixed(w))) {
    const via: LonLat[] = [...(w.mode === 'freehand' ? (w.via ?? []) : []), [w.lon, w.lat], ...(next.via ?? [])];
    out[i] = { ...next, via };
  }
  return out;
}

/** Set the mode of the leg arriving at waypoint `index` (a fixed leg set to snap is routed: its track goes). */
export function setLegMode(list: Waypoint[], index: number, mode: LegMode): Waypoint[] {
  if (index < 1 || index >= list.length || list[index]!.mode === mode) return list;
  return list.map((w, i) => (i === index ? { ...plain(w), mode } : w));
}

/** "Snap to paths": every leg routed on the network, fixed tracks dropped. */
export function snapAll(list: Waypoint[]): Waypoint[] {
  return list.some((w, i) => i > 0 && (w.mode !== 'snap' || w.via)) ? list.map((w) => ({ ...plain(w), mode: 'snap' })) : list;
}

const reversedVia = (w: Waypoint): Pick<Waypoint, 'via'> => (w.via ? { via: [...w.via].reverse() } : {});

/** Reverse the direction; each leg keeps its own mode (and a fixed leg its track, run backwards). */
export function reverse(list: Waypoint[]): Waypoint[] {
  if (list.length < 2) return list;
  const r = [...list].reverse();
  // leg i in the reversed route is leg (n-2-i) of the original; its mode was stored on original waypoint n-1-i.
  return r.map((w, i) => ({ ...plain(w), mode: i === 0 ? 'snap' : r[i - 1]!.mode, ...(i === 0 ? {} : reversedVia(r[i - 1]!)) }));
}

/** Append the way back to the start along the same waypoints. */
export function outAndBack(list: Waypoint[]): Waypoint[] {
  if (list.length < 2) return list;
  const back: Waypoint[] = [];
  for (let i = list.length - 2; i >= 0; i--)
    back.push({ ...wp(list[i]!.lon, list[i]!.lat), mode: list[i + 1]!.mode, ...reversedVia(list[i + 1]!) });
  return [...list, ...back].slice(0, MAX_WAYPOINTS);
}

/** Add a final leg back to the first waypoint. */
export function closeLoop(list: Waypoint[], mode: LegMode): Waypoint[] {
  if (list.length < 2 || list.length >= MAX_WAYPOINTS) return list;
  const first = list[0]!;
  const last = list[list.length - 1]!;
  if (first.lon === last.lon && first.lat === last.lat) return list;
  return [...list, wp(first.lon, first.lat, mode)];
}
