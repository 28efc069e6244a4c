// Test support: small synthetic running networks drawn in kilometres around 1.5° E, 42.5° N.
import { buildRunningGraph } from '../graph/build.ts';
import { RunningGraph } from '../graph/graph.ts';
import { RoutePlanner } from '../routing/planner.ts';
import type { Snap } from '../routing/snap.ts';

/** ~1 km in degrees at 42.5° N */
export const KM_LAT = 1 / 111.2;
export const KM_LON = 1 / (111.2 * Math.cos((42.5 * Math.PI) / 180));

/**
 * A network from ways given as lists of [x, y] points in km (points shared by ways are junctions),
 * each way tagged `highway(i)` (paths by default), every component kept. `at(x, y)` snaps a km
 * point onto it (within 50 m).
 */
export function kmNetwork(
  ways: [number, number][][],
  highway: (i: number) => string = () => 'path',
): { g: RunningGraph; planner: RoutePlanner; at(x: number, y: number): Snap } {
  const coords = new Map<number, [number, number]>();
  const ids = new Map<string, number>();
  const node = ([x, y]: [number, number]) => {
    const key = `${x.toFixed(4)},${y.toFixed(4)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(key, id);
      coords.set(id, [1.5 + x * KM_LON, 42.5 + y * KM_LAT]);
    }
    return id;
  };
  const input = ways.map((w, i) => ({ id: i + 1, refs: w.map(node), tags: { highway: highway(i) } }));
  const g = RunningGraph.fromBytes(
    buildRunningGraph({ nodeCoord: (id) => coords.get(id), ways: input, elevation: () => 500 }, { minComponentLength: 0 }),
  );
  const planner = new RoutePlanner(g);
  return { g, planner, at: (x, y) => planner.snap([1.5 + x * KM_LON, 42.5 + y * KM_LAT], 50)! };
}

/** A closed square way in km from (x0, y0) with side `s`, drawn towards +x/−x (sx = ±1) and +y/−y (sy = ±1). */
export function kmSquare(x0: number, y0: number, s: number, sx: 1 | -1, sy: 1 | -1): [number, number][] {
  return [
    [x0, y0],
    [x0 + sx * s, y0],
    [x0 + sx * s, y0 + sy * s],
    [x0, y0 + sy * s],
    [x0, y0],
  ];
}
