/**
 * Binary min-heap of (key, node) pairs on typed arrays, for the shortest-path searches (the
 * contraction hierarchy, the loop generator's and the proofs' Dijkstras): no allocation per push
 * or pop, grows by doubling. Stale entries are the caller's to skip (lazy deletion: a node may be
 * pushed again with a smaller key). Read `minKey` before `pop` for the popped node's key.
 */
export class TypedHeap {
  private keys: Float64Array;
  private nodes: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.nodes = new Int32Array(capacity);
  }

  /** the smallest key (Infinity when empty) */
  get minKey(): number {
    return this.size > 0 ? this.keys[0]! : Infinity;
  }

  clear() {
    this.size = 0;
  }

  push(key: number, node: number) {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      const v = new Int32Array(this.size * 2);
      v.set(this.nodes);
      this.keys = k;
      this.nodes = v;
    }
    const hk = this.keys;
    const hn = this.nodes;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hk[p]! <= key) break;
      hk[i] = hk[p]!;
      hn[i] = hn[p]!;
      i = p;
    }
    hk[i] = key;
    hn[i] = node;
  }

  /** remove and return the node with the smallest key (the heap must not be empty) */
  pop(): number {
    const hk = this.keys;
    const hn = this.nodes;
    const top = hn[0]!;
    const n = --this.size;
    const key = hk[n]!;
    const node = hn[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && hk[c + 1]! < hk[c]!) c++;
      if (hk[c]! >= key) break;
      hk[i] = hk[c]!;
      hn[i] = hn[c]!;
      i = c;
    }
    hk[i] = key;
    hn[i] = node;
    return top;
  }
}
