// Test support: a brute-force O(n²) Dijkstra between two snapped points, the reference the A*/ALT
// router is checked against. `mult` (per edge, ≥ 1) applies preference multipliers.
import type { RunningGraph } from '../graph/graph.ts';
import type { Snap } from '../routing/snap.ts';

export function referenceCost(g: RunningGraph, a: Snap, b: Snap, mult?: Float32Array): number {
  const n = g.nodeCount;
  const m = (e: number) => (mult ? mult[e]! : 1);
  const k = (e: number) => (g.edgeCost[e]! / g.edgeLength[e]!) * m(e);
  const dist = new Float64Array(n).fill(Infinity);
  dist[g.edgeFrom[a.edge]!] = a.offset * k(a.edge);
  dist[g.edgeTo[a.edge]!] = Math.min(dist[g.edgeTo[a.edge]!]!, (g.edgeLength[a.edge]! - a.offset) * k(a.edge));
  const done = new Uint8Array(n);
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!done[i] && dist[i]! < Infinity && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (let i = g.adjOffset[u]!; i < g.adjOffset[u + 1]!; i++) {
      const e = g.adjEdge[i]!;
      const v = g.otherEnd(e, u);
      const dv = dist[u]! + g.edgeCost[e]! * m(e);
      if (dv < dist[v]!) dist[v] = dv;
    }
  }
  let best = Math.min(
    dist[g.edgeFrom[b.edge]!]! + b.offset * k(b.edge),
    dist[g.edgeTo[b.edge]!]! + (g.edgeLength[b.edge]! - b.offset) * k(b.edge),
  );
  if (a.edge === b.edge) best = Math.min(best, Math.abs(a.offset - b.offset) * k(a.edge));
  return best;
}
