import type { InvoiceItem, PaymentItem } from '../invoicing';

export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** By `createDatetime` (fixed-width `Y-m-d H:i:s`, so text order is time order), then id. */
export const compareByCreation = (a: InvoiceItem, b: InvoiceItem): number =>
  compareText(a.createDatetime, b.createDatetime) || compareText(a.id, b.id);

/** By `transactionDatetime`, then id. */
export const compareByTransaction = (a: PaymentItem, b: PaymentItem): number =>
  compareText(a.transactionDatetime, b.transactionDatetime) || compareText(a.id, b.id);

/**
 * The first `limit` items in an order, out of any number added in any order, in memory for `limit`
 * only. A sorted array with binary insertion: for a hundred entries as quick as a heap, and in order.
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
    kept.splice(
      partitionPoint(kept.length, (index) => this.compare(kept[index]!, item) <= 0),
      0,
      item,
    );
    if (kept.length > this.limit) kept.pop();
  }

  list(): T[] {
    return [...this.#kept];
  }
}

/** The map's entry for `key`, made by `create` when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** A binary search: the first index in `[0, length)` where `before` turns false (and stays false). */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
