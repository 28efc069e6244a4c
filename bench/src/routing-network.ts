// A seeded generator of synthetic road/path networks for the routing growth table
// (`bench/src/routing-scale.ts`), shaped like what the region builder gets from OSM: ways with
// `highway` tags over shared node ids, so `buildRunningGraph` does the same work as on a real
// extract (junction detection, degree-2 chains contracted into shape points, component pruning,
// Hilbert renumbering, varint encoding, the embedded elevation grid).
//
// The network: a perturbed street grid (~130 m blocks) with random missing segments, streets split
// into OSM-like ways of a few blocks with mixed classes and surfaces (residential, service, track,
// path, footway, steps …), every ~16th row and column an arterial (tertiary → primary), a few long
// diagonal roads and rail-trails that cut across the grid through its junctions, cul-de-sac spurs,
// and 0–5 shape points on every segment (more on tracks and paths). Terrain is a smooth synthetic
// surface embedded as an elevation grid at SRTM's 3″ posts, as packs do.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildRunningGraph,
  ElevationGrid,
  mulberry32,
  type GraphBuildInput,
  type LonLat,
  type OsmWayInput,
  type RunningGraph,
  type Snap,
} from '@waymark/geo';

export interface SyntheticNetwork {
  input: GraphBuildInput;
  /** OSM-level nodes (junctions + shape points) and ways handed to the builder */
  osmNodes: number;
  ways: number;
  bbox: [number, number, number, number];
}

/** centre of the generated region (lon, lat): a plausible rural/suburban county in the north-east US */
const LON0 = -72.6;
const LAT0 = 44.0;
const BLOCK_M = 130;
const M_PER_DEG_LAT = 111_195;

const pick = <T>(rnd: () => number, items: readonly (readonly [T, number])[]): T => {
  let total = 0;
  for (const [, w] of items) total += w;
  let r = rnd() * total;
  for (const [v, w] of items) if ((r -= w) < 0) return v;
  return items[items.length - 1]![0];
};

const MINOR: readonly (readonly [string, number])[] = [
  ['residential', 40],
  ['unclassified', 10],
  ['service', 8],
  ['track', 14],
  ['path', 12],
  ['footway', 9],
  ['living_street', 2],
  ['cycleway', 3],
  ['bridleway', 1],
  ['steps', 1],
];
const SURFACE: Record<string, readonly (readonly [string, number])[]> = {
  track: [
    ['gravel', 5],
    ['ground', 4],
    ['compacted', 2],
    ['', 3],
  ],
  path: [
    ['ground', 6],
    ['dirt', 2],
    ['rock', 1],
    ['', 4],
  ],
  footway: [
    ['paved', 3],
    ['asphalt', 3],
    ['gravel', 1],
    ['', 3],
  ],
  bridleway: [['ground', 1]],
  steps: [
    ['', 2],
    ['stone', 1],
  ],
};

/**
 * Generate a network with about `targetNodes` routing-graph nodes (junctions and dead ends after
 * contraction). Deterministic for a given (targetNodes, seed).
 */
export function syntheticNetwork(targetNodes: number, seed = 1): SyntheticNetwork {
  const rnd = mulberry32(seed);
  // ~12 % of grid segments are missing and ~6 % of junctions get a cul-de-sac end: a side of S
  // gives about 1.02 × S² graph nodes after contraction (measured), so solve for S
  const S = Math.max(8, Math.round(Math.sqrt(targetNodes / 1.02)));
  const cosLat = Math.cos((LAT0 * Math.PI) / 180);
  const dLat = BLOCK_M / M_PER_DEG_LAT;
  const dLon = dLat / cosLat;
  const west = LON0 - (S / 2) * dLon;
  const south = LAT0 - (S / 2) * dLat;

  // node coordinates: junctions first (id = r·S + c), then shape points and spur ends appended
  let lon = new Float64Array(S * S * 4);
  let lat = new Float64Array(S * S * 4);
  let count = 0;
  const add = (x: number, y: number) => {
    if (count === lon.length) {
      const l2 = new Float64Array(lon.length * 2);
      l2.set(lon);
      lon = l2;
      const a2 = new Float64Array(lat.length * 2);
      a2.set(lat);
      lat = a2;
    }
    lon[count] = x;
    lat[count] = y;
    return count++;
  };
  for (let r = 0; r < S; r++)
    for (let c = 0; c < S; c++) {
      // a perturbed grid: ±25 % of a block in each direction, plus a slow drift so streets bend
      const jx = (rnd() - 0.5) * 0.5 + 0.6 * Math.sin(r / 23 + seed);
      const jy = (rnd() - 0.5) * 0.5 + 0.6 * Math.sin(c / 19 - seed);
      add(west + (c + jx) * dLon, south + (r + jy) * dLat);
    }

  const ways: OsmWayInput[] = [];
  let wayId = 1;
  /** intermediate points between junctions a and b: a gentle bend, k points */
  const shape = (a: number, b: number, k: number, wiggle: number): number[] => {
    const out: number[] = [];
    const ax = lon[a]!;
    const ay = lat[a]!;
    const bx = lon[b]!;
    const by = lat[b]!;
    const amp = (rnd() - 0.5) * wiggle;
    for (let i = 1; i <= k; i++) {
      const t = i / (k + 1);
      const bend = amp * Math.sin(Math.PI * t) + (rnd() - 0.5) * wiggle * 0.15;
      // offset perpendicular to a→b (in degrees, roughly isotropic)
      out.push(add(ax + (bx - ax) * t - (by - ay) * bend, ay + (by - ay) * t + (bx - ax) * bend));
    }
    return out;
  };
  const shapeCount = (cls: string) =>
    cls === 'track' || cls === 'path' || cls === 'bridleway' ? 1 + Math.floor(rnd() * 5) : Math.floor(rnd() * 3);
  const tagsFor = (cls: string): Record<string, string> => {
    const tags: Record<string, string> = { highway: cls };
    const surf = SURFACE[cls];
    if (surf) {
      const s = pick(rnd, surf);
      if (s) tags.surface = s;
    } else if (rnd() < 0.6) tags.surface = 'asphalt';
    if (cls === 'path' && rnd() < 0.15) tags.sac_scale = rnd() < 0.7 ? 'mountain_hiking' : 'demanding_mountain_hiking';
    if ((cls === 'secondary' || cls === 'primary') && rnd() < 0.4) tags.sidewalk = 'both';
    return tags;
  };
  /** emit a way over junction ids `js` (consecutive junctions joined by shaped segments) */
  const emit = (js: number[], cls: string, tags = tagsFor(cls)) => {
    if (js.length < 2) return;
    const refs: number[] = [js[0]!];
    const wig = cls === 'track' || cls === 'path' ? 0.5 : 0.15;
    for (let i = 1; i < js.length; i++) {
      refs.push(...shape(js[i - 1]!, js[i]!, shapeCount(cls), wig));
      refs.push(js[i]!);
    }
    ways.push({ id: wayId++, refs, tags });
  };

  const artRow = (r: number) => (r + (seed % 7)) % 16 === 0;
  const artCls = (i: number) => (i % 48 === 0 ? 'primary' : i % 32 === 0 ? 'secondary' : 'tertiary');
  // streets along rows (dir 0) and columns (dir 1): runs of present segments, split into ways of 2–10 blocks
  for (let dir = 0; dir < 2; dir++) {
    for (let r = 0; r < S; r++) {
      const arterial = artRow(r);
      const id = (c: number) => (dir === 0 ? r * S + c : c * S + r);
      let run: number[] = [id(0)];
      let cls = arterial ? artCls(r + (seed % 7)) : pick(rnd, MINOR);
      let left = 2 + Math.floor(rnd() * 9);
      for (let c = 1; c < S; c++) {
        const present = arterial || rnd() > 0.12;
        if (!present) {
          emit(run, cls);
          run = [id(c)];
          cls = pick(rnd, MINOR);
          left = 2 + Math.floor(rnd() * 9);
          continue;
        }
        run.push(id(c));
        if (--left === 0) {
          emit(run, cls);
          run = [id(c)];
          if (!arterial) cls = rnd() < 0.5 ? cls : pick(rnd, MINOR);
          left = 2 + Math.floor(rnd() * 9);
        }
      }
      emit(run, cls);
    }
  }
  // a few long diagonals through the grid's junctions: rail-trails (cheap for a runner) and main roads
  const diagonals = Math.max(2, Math.round(S / 120));
  for (let k = 0; k < diagonals; k++) {
    const trail = k % 2 === 0;
    const cls = trail ? 'cycleway' : 'primary';
    const tags: Record<string, string> = trail ? { highway: cls, surface: 'compacted', foot: 'yes' } : { highway: cls };
    const down = rnd() < 0.5;
    const r0 = Math.floor(rnd() * S * 0.5);
    const c0 = down ? Math.floor(rnd() * S * 0.3) : S - 1 - Math.floor(rnd() * S * 0.3);
    let js: number[] = [];
    for (let i = 0; ; i++) {
      const r = r0 + i;
      const c = down ? c0 + i : c0 - i;
      if (r >= S || c < 0 || c >= S) break;
      js.push(r * S + c);
      if (js.length === 12) {
        emit(js, cls, tags);
        js = [r * S + c];
      }
    }
    emit(js, cls, tags);
  }
  // cul-de-sacs: a short spur from a junction into the block, ending in a dead end
  for (let r = 0; r + 1 < S; r++)
    for (let c = 0; c + 1 < S; c++) {
      if (rnd() >= 0.06) continue;
      const a = r * S + c;
      const t = 0.3 + rnd() * 0.3;
      const end = add(lon[a]! + dLon * t, lat[a]! + dLat * (0.3 + rnd() * 0.3));
      emit([a, end], rnd() < 0.5 ? 'service' : 'footway');
    }

  const coord = (i: number): readonly [number, number] | undefined =>
    i >= 0 && i < count && Number.isInteger(i) ? [lon[i]!, lat[i]!] : undefined;
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    if (lon[i]! < bbox[0]) bbox[0] = lon[i]!;
    if (lat[i]! < bbox[1]) bbox[1] = lat[i]!;
    if (lon[i]! > bbox[2]) bbox[2] = lon[i]!;
    if (lat[i]! > bbox[3]) bbox[3] = lat[i]!;
  }
  // rolling terrain, 200–900 m: a few long waves and a ridge, smooth enough for bilinear sampling
  const terrain = (x: number, y: number) => {
    const u = (x - LON0) * 40;
    const v = (y - LAT0) * 40;
    return 500 + 180 * Math.sin(u) * Math.cos(v * 0.8) + 120 * Math.sin(0.37 * u + 1.3 * v) + 60 * Math.cos(2.1 * u - 0.4 * v);
  };
  // the pack's elevation grid: the DEM's 3″ posts over the bbox plus 2.5 km, coarsened beyond 16 M posts (regions/graph.ts)
  const margin = 2500 / M_PER_DEG_LAT;
  const box: [number, number, number, number] = [bbox[0] - margin / cosLat, bbox[1] - margin, bbox[2] + margin / cosLat, bbox[3] + margin];
  let step = 1 / 1200;
  const posts = ((box[2] - box[0]) / step + 2) * ((box[3] - box[1]) / step + 2);
  if (posts > 16_000_000) step *= Math.ceil(Math.sqrt(posts / 16_000_000));
  const elevationGrid = ElevationGrid.fromSampler((x, y) => Math.round(terrain(x, y)), box, step);
  return {
    input: { nodeCoord: coord, ways, elevation: terrain, elevationGrid },
    osmNodes: count,
    ways: ways.length,
    bbox,
  };
}

/**
 * The generated network of `size` nodes as graph.bin bytes (no stored hierarchy order), cached in
 * `$CH_BENCH_DIR` (default /tmp) so the fast loops (routing-ch-build.ts, routing-alt.ts) skip the
 * generation on later runs; returns the cache directory too, for their reference files.
 */
export function cachedNetworkBytes(size: number): { bytes: Uint8Array; dir: string } {
  const dir = process.env.CH_BENCH_DIR ?? '/tmp';
  mkdirSync(dir, { recursive: true });
  const binPath = join(dir, `waymark-ch-net-${size}.bin`);
  if (!existsSync(binPath)) writeFileSync(binPath, buildRunningGraph(syntheticNetwork(size, 15).input));
  return { bytes: new Uint8Array(readFileSync(binPath)), dir };
}

/**
 * `count` pairs of random points of the graph's bbox, each snapped with `snap` (which returns null
 * when nothing is near enough, then another point is drawn); seeded, so every bench that uses the
 * same seed and snapping times the same pairs.
 */
export function randomSnapPairs(g: RunningGraph, snap: (at: LonLat) => Snap | null, count: number, seed = 20261125): [Snap, Snap][] {
  const rnd = mulberry32(seed);
  const [a, b, c, d] = g.bbox;
  const one = (): Snap => {
    for (;;) {
      const s = snap([a + (c - a) * rnd(), b + (d - b) * rnd()]);
      if (s) return s;
    }
  };
  return Array.from({ length: count }, () => [one(), one()]);
}
