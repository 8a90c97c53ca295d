/**
 * A least-recently-used cache over `Map`'s insertion order, sized by a cost per entry (records held,
 * for months; 1 for query results). The project has no cache package, and this needs little.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; cost: number }>();
  private totalCost = 0;

  /** @param capacity the total cost kept; the newest entry is kept even when it alone exceeds it */
  constructor(private readonly capacity: number) {}

  /** The value for `key`, computed and kept when missing. */
  getOrCreate(key: K, create: () => V, costOf: (value: V) => number = () => 1): V {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.value;
    }
    const value = create();
    const cost = costOf(value);
    this.entries.set(key, { value, cost });
    this.totalCost += cost;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalCost <= this.capacity || oldestKey === key) break;
      this.entries.delete(oldestKey);
      this.totalCost -= oldest.cost;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
