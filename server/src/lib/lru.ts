/**
 * A small least-recently-used map: at most `max` entries; `get` of a present key makes it the most
 * recent, `set` beyond `max` drops the least recently used. For caches of answers that are exact
 * functions of their key (nothing here expires by time).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {
    if (!(max >= 1)) throw new RangeError('Lru: max must be at least 1');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting moves the key to the most recent end.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}
