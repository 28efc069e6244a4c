// Test and bench support: generated road networks of any size (10k … 1M junctions) for the
// growth table of `npm run bench:routing` and for scale tests. The network is town-like: a jittered
// lattice of junctions ~90 m apart with a quarter of the blocks' sides missing (so junctions have
// degree 2–4, like real streets), a few diagonal footpaths, arterial roads every 8–12 rows and
// columns (tertiary, secondary, primary), tracks and paths in "park" blocks, curved streets (one or
// two shape points on ~40 % of the sides) and a smooth hilly terrain. Deterministic per seed.
import { mulberry32 } from '../routing/loop.ts';
import type { OsmWayInput } from '../graph/build.ts';

export interface GeneratedNetwork {
  /** OSM-like input for buildRunningGraph */
  nodeCoord(id: number): readonly [number, number] | undefined;
  ways: OsmWayInput[];
  elevation(lon: number, lat: number): number;
  bbox: [number, number, number, number];
  /** OSM nodes (junctions and shape points) in the input */
  osmNodes: number;
  /** junctions of the lattice (≈ graph nodes after contraction) */
  junctions: number;
}

const SPACING_M = 90;

/**
 * A generated network of about `junctions` lattice junctions around (lon0, lat0). Every lattice
 * row and column is one OSM way (split where a side is missing), so the graph builder sees real
 * junctions, dead ends and degree-2 chains.
 */
export function generateNetwork(junctions: number, seed = 1, lon0 = 5, lat0 = 45): GeneratedNetwork {
  const rnd = mulberry32(seed);
  const side = Math.max(2, Math.round(Math.sqrt(junctions)));
  const kyDeg = 1 / 111_195;
  const kxDeg = kyDeg / Math.cos((lat0 * Math.PI) / 180);
  // coordinates: junction (r, c) has id r * side + c + 1; shape points follow
  const n0 = side * side;
  const coords = new Float64Array(2 * (n0 + 4 * n0)); // generous: shape points grow into it
  let count = n0;
  for (let r = 0; r < side; r++)
    for (let c = 0; c < side; c++) {
      const i = r * side + c;
      coords[2 * i] = lon0 + (c * SPACING_M + (rnd() - 0.5) * 30) * kxDeg;
      coords[2 * i + 1] = lat0 + (r * SPACING_M + (rnd() - 0.5) * 30) * kyDeg;
    }
  let coordsArr = coords;
  const addPoint = (lon: number, lat: number) => {
    if (2 * count + 2 > coordsArr.length) {
      const bigger = new Float64Array(coordsArr.length * 2);
      bigger.set(coordsArr);
      coordsArr = bigger;
    }
    coordsArr[2 * count] = lon;
    coordsArr[2 * count + 1] = lat;
    return ++count; // id = index + 1
  };
  const arterial = (k: number) => (k % 10 === 0 ? 'secondary' : k % 10 === 5 && k % 20 === 5 ? 'primary' : k % 5 === 0 ? 'tertiary' : null);
  const park = (r: number, c: number) => {
    // parks: blocks of 6×6 in a sparse pattern
    const br = Math.floor(r / 6);
    const bc = Math.floor(c / 6);
    return (br * 7 + bc * 13) % 9 === 0;
  };
  const ways: OsmWayInput[] = [];
  let wayId = 1;
  const emit = (refs: number[], highway: string, extra: Record<string, string> = {}) => {
    if (refs.length >= 2) ways.push({ id: wayId++, refs, tags: { highway, ...extra } });
  };
  // a side between junctions a and b: maybe curved (one or two shape points)
  const sideRefs = (a: number, b: number, out: number[]) => {
    if (rnd() < 0.4) {
      const k = rnd() < 0.6 ? 1 : 2;
      const ax = coordsArr[2 * (a - 1)]!;
      const ay = coordsArr[2 * (a - 1) + 1]!;
      const bx = coordsArr[2 * (b - 1)]!;
      const by = coordsArr[2 * (b - 1) + 1]!;
      for (let j = 1; j <= k; j++) {
        const t = j / (k + 1);
        const off = (rnd() - 0.5) * 20;
        out.push(addPoint(ax + (bx - ax) * t + off * kxDeg, ay + (by - ay) * t + off * kyDeg));
      }
    }
    out.push(b);
  };
  const lines = (horizontal: boolean) => {
    for (let k = 0; k < side; k++) {
      const cls = arterial(k);
      let refs: number[] = [];
      let hw = cls ?? 'residential';
      for (let j = 0; j < side; j++) {
        const id = horizontal ? k * side + j + 1 : j * side + k + 1;
        const inPark = horizontal ? park(k, j) : park(j, k);
        const want = cls ?? (inPark ? (rnd() < 0.5 ? 'path' : 'track') : 'residential');
        // arterials are continuous; other sides are missing a quarter of the time
        const keep = j > 0 && (cls !== null || rnd() > 0.25);
        if (!keep || want !== hw) {
          if (keep && refs.length) {
            // the class changes here: end the way at this junction, start the next from it
            const last = refs[refs.length - 1]!;
            sideRefs(last, id, refs);
            emit(refs, hw);
            refs = [id];
            hw = want;
            continue;
          }
          emit(refs, hw);
          refs = [id];
          hw = want;
          continue;
        }
        sideRefs(refs[refs.length - 1]!, id, refs);
      }
      emit(refs, hw);
    }
  };
  lines(true);
  lines(false);
  // diagonal footpaths across some blocks
  for (let r = 0; r + 1 < side; r++)
    for (let c = 0; c + 1 < side; c++) {
      if (rnd() < 0.04) emit([r * side + c + 1, (r + 1) * side + c + 2], 'footway');
    }
  const final = coordsArr;
  const total = count;
  const lonSpan = side * SPACING_M * kxDeg;
  const latSpan = side * SPACING_M * kyDeg;
  // smooth hills: a few sine waves, 0–400 m of relief over ~2–6 km
  const elevation = (lon: number, lat: number) => {
    const x = ((lon - lon0) / kxDeg) * 1e-3;
    const y = ((lat - lat0) / kyDeg) * 1e-3;
    return 300 + 120 * Math.sin(x / 1.3) * Math.cos(y / 1.7) + 60 * Math.sin((x + y) / 0.6) + 20 * Math.cos((x - 2 * y) / 0.25);
  };
  return {
    nodeCoord: (id) => (id >= 1 && id <= total ? [final[2 * (id - 1)]!, final[2 * (id - 1) + 1]!] : undefined),
    ways,
    elevation,
    bbox: [lon0 - 40 * kxDeg, lat0 - 40 * kyDeg, lon0 + lonSpan + 40 * kxDeg, lat0 + latSpan + 40 * kyDeg],
    osmNodes: total,
    junctions: n0,
  };
}
