// Sea polygons from OSM coastlines (natural=coastline: land on the left, water on the right),
// inside a box: the coastline pieces crossing the box are closed along the box edge, walking
// clockwise, which keeps the water on the right. Works in world coords (y down).
import { clipLine } from './tiles.ts';

type Box = [number, number, number, number];

/** Join ways end-to-start (direction matters for coastlines). */
export function chainLines(lines: number[][]): number[][] {
  const pool = lines.filter((l) => l.length >= 4).map((l) => l.slice());
  const out: number[][] = [];
  while (pool.length) {
    let cur = pool.pop()!;
    for (let grown = true; grown;) {
      grown = false;
      for (let i = 0; i < pool.length; i++) {
        const l = pool[i]!;
        if (l[0] === cur[cur.length - 2] && l[1] === cur[cur.length - 1]) {
          cur = cur.concat(l.slice(2));
          pool.splice(i, 1);
          grown = true;
          break;
        }
        if (cur[0] === l[l.length - 2] && cur[1] === l[l.length - 1]) {
          cur = l.concat(cur.slice(2));
          pool.splice(i, 1);
          grown = true;
          break;
        }
      }
    }
    out.push(cur);
  }
  return out;
}

/** Position along the box perimeter, clockwise on screen from the top-left corner. */
function perimeter(x: number, y: number, [x0, y0, x1, y1]: Box): number {
  const w = x1 - x0,
    h = y1 - y0;
  const dTop = Math.abs(y - y0),
    dRight = Math.abs(x - x1),
    dBottom = Math.abs(y - y1),
    dLeft = Math.abs(x - x0);
  const m = Math.min(dTop, dRight, dBottom, dLeft);
  if (m === dTop) return x - x0;
  if (m === dRight) return w + (y - y0);
  if (m === dBottom) return w + h + (x1 - x);
  return 2 * w + h + (y1 - y);
}

function snapToEdge(x: number, y: number, [x0, y0, x1, y1]: Box): [number, number] {
  const d = [y - y0, x1 - x, y1 - y, x - x0];
  const i = d.indexOf(Math.min(...d));
  return i === 0 ? [x, y0] : i === 1 ? [x1, y] : i === 2 ? [x, y1] : [x0, y];
}

/** Water rings (positive area, y-down) for the part of `box` on the sea side of the coastlines. */
export function seaPolygons(coastlines: number[][], box: Box): number[][] {
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0,
    h = y1 - y0,
    per = 2 * (w + h);
  const corners: [number, number, number][] = [
    [0, x0, y0],
    [w, x1, y0],
    [w + h, x1, y1],
    [2 * w + h, x0, y1],
  ];
  const pieces: { coords: number[]; tIn: number; tOut: number }[] = [];
  for (const chain of chainLines(coastlines)) {
    if (chain[0] === chain[chain.length - 2] && chain[1] === chain[chain.length - 1]) continue; // islands: not handled
    for (const a of clipLine(chain, 0, x0, x1))
      for (const p of clipLine(a, 1, y0, y1)) {
        const [sx, sy] = snapToEdge(p[0]!, p[1]!, box);
        const [ex, ey] = snapToEdge(p[p.length - 2]!, p[p.length - 1]!, box);
        const coords = [sx, sy, ...p, ex, ey];
        pieces.push({ coords, tIn: perimeter(sx, sy, box), tOut: perimeter(ex, ey, box) });
      }
  }
  const rings: number[][] = [];
  const unused = new Set(pieces);
  while (unused.size) {
    const start = unused.values().next().value!;
    unused.delete(start);
    const ring = start.coords.slice();
    let cur = start;
    for (let guard = 0; guard <= pieces.length; guard++) {
      // the next piece entering clockwise after our exit point
      let best = start,
        bestD = Infinity;
      for (const p of [start, ...unused]) {
        const d = (((p.tIn - cur.tOut) % per) + per) % per;
        if (d < bestD) {
          bestD = d;
          best = p;
        }
      }
      const between = corners
        .map(([t, cx, cy]) => [(((t - cur.tOut) % per) + per) % per, cx, cy] as const)
        .filter(([d]) => d > 0 && d < bestD)
        .sort((a, b) => a[0] - b[0]);
      for (const [, cx, cy] of between) ring.push(cx, cy);
      if (best === start) break;
      unused.delete(best);
      ring.push(...best.coords);
      cur = best;
    }
    if (ring.length >= 6) rings.push(ring);
  }
  return rings;
}
