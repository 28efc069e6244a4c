// The routing benches' peer, ngraph.path: the cost of a path it found, for the sanity check that
// both engines find equally cheap paths.

interface PeerNode {
  id: unknown;
  links?: { forEach(fn: (l: { fromId: unknown; toId: unknown; data: { w: number } }) => void): void } | null;
}

/** The cost of an ngraph.path result (target → source): the cheapest link between consecutive nodes, summed. */
export function ngraphPathCost(path: readonly PeerNode[]): number {
  let cost = 0;
  for (let k = 1; k < path.length; k++) {
    let best = Infinity;
    path[k - 1]!.links?.forEach((l) => {
      if ((l.fromId === path[k]!.id || l.toId === path[k]!.id) && l.data.w < best) best = l.data.w;
    });
    cost += best;
  }
  return cost;
}
