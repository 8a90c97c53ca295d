/**
 * A small least-recently-used cache over `Map`'s insertion order, sized by a cost per entry (records
 * held, for months; 1 for query results). Written here because the project has no cache package and
 * this needs only `get`, `set` and eviction by total cost.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; cost: number }>();
  private totalCost = 0;

  /** @param capacity the total cost kept; the newest entry is kept even when it alone exceeds it */
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, cost = 1): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.totalCost -= previous.cost;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, cost });
    this.totalCost += cost;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalCost <= this.capacity || oldestKey === key) break;
      this.entries.delete(oldestKey);
      this.totalCost -= oldest.cost;
    }
  }

  /** The value for `key`, computed and kept when missing. */
  getOrCreate(key: K, create: () => V, costOf: (value: V) => number = () => 1): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value, costOf(value));
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
