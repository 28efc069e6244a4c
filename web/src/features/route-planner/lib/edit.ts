import { MAX_WAYPOINTS } from '@waymark/geo/planner/limits';
import type { LegMode, LonLat, Waypoint } from './types';

export { MAX_WAYPOINTS };

let counter = 0;
export function newId(): string {
  counter = (counter + 1) % 1e9;
  return `w${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function wp(lon: number, lat: number, mode: LegMode = 'snap'): Waypoint {
  return { id: newId(), lon, lat, mode };
}

export function addWaypoint(list: Waypoint[], at: LonLat, mode: LegMode): Waypoint[] {
  if (list.length >= MAX_WAYPOINTS) return list;
  return [...list, wp(at[0], at[1], mode)];
}

export function moveWaypoint(list: Waypoint[], id: string, to: LonLat): Waypoint[] {
  return list.map((w) => (w.id === id ? { ...w, lon: to[0], lat: to[1] } : w));
}

/** Insert a waypoint into leg `leg` (between waypoints leg and leg+1); it keeps that leg's mode. */
export function insertWaypoint(list: Waypoint[], leg: number, at: LonLat): Waypoint[] {
  if (list.length >= MAX_WAYPOINTS || leg < 0 || leg >= list.length - 1) return list;
  const mode = list[leg + 1]!.mode;
  return [...list.slice(0, leg + 1), wp(at[0], at[1], mode), ...list.slice(leg + 1)];
}

export function deleteWaypoint(list: Waypoint[], id: string): Waypoint[] {
  return list.filter((w) => w.id !== id);
}

/** Set the mode of the leg arriving at waypoint `index`. */
export function setLegMode(list: Waypoint[], index: number, mode: LegMode): Waypoint[] {
  if (index < 1 || index >= list.length || list[index]!.mode === mode) return list;
  return list.map((w, i) => (i === index ? { ...w, mode } : w));
}

/** Reverse the direction; each leg keeps its own mode. */
export function reverse(list: Waypoint[]): Waypoint[] {
  if (list.length < 2) return list;
  const r = [...list].reverse();
  // leg i in the reversed route is leg (n-2-i) of the original; its mode was stored on original waypoint n-1-i.
  return r.map((w, i) => ({ ...w, mode: i === 0 ? 'snap' : r[i - 1]!.mode }));
}

/** Append the way back to the start along the same waypoints. */
export function outAndBack(list: Waypoint[]): Waypoint[] {
  if (list.length < 2) return list;
  const back: Waypoint[] = [];
  for (let i = list.length - 2; i >= 0; i--) back.push({ ...wp(list[i]!.lon, list[i]!.lat), mode: list[i + 1]!.mode });
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
