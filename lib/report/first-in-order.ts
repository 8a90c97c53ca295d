/**
 * The first `limit` items in an order, out of any number added in any order, in memory for `limit`
 * only. A sorted array with binary insertion: for a hundred entries that is simpler than a heap and as
 * quick, and it is already in order at the end.
 */
export class FirstInOrder<T> {
  readonly #kept: T[] = [];

  constructor(
    readonly limit: number,
    readonly compare: (a: T, b: T) => number,
  ) {}

  add(item: T): void {
    const kept = this.#kept;
    if (kept.length === this.limit && (this.limit === 0 || this.compare(item, kept.at(-1)!) >= 0)) return;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.compare(kept[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > this.limit) kept.pop();
  }

  /** The kept items, in order. */
  list(): T[] {
    return [...this.#kept];
  }
}
