import type { InvoiceItem } from '../invoicing';
import { FIRST_PAID_INVOICES_SHOWN } from './model';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Orders invoices by `createDatetime` (fixed-width `Y-m-d H:i:s`, so text order is time order), then id. */
export const compareByCreation = (a: InvoiceItem, b: InvoiceItem): number =>
  compareText(a.createDatetime, b.createDatetime) || compareText(a.id, b.id);

/**
 * The first `limit` invoices by `createDatetime` then id, out of any number added in any order, in
 * memory for `limit` only. A sorted array with binary insertion: for a hundred entries that is simpler
 * than a heap and as quick, and it is already in order at the end.
 */
export class FirstPaidInvoices {
  readonly #kept: InvoiceItem[] = [];

  constructor(readonly limit: number = FIRST_PAID_INVOICES_SHOWN) {}

  add(invoice: InvoiceItem): void {
    const kept = this.#kept;
    if (kept.length === this.limit && (this.limit === 0 || compareByCreation(invoice, kept.at(-1)!) >= 0))
      return;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareByCreation(kept[middle]!, invoice) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, invoice);
    if (kept.length > this.limit) kept.pop();
  }

  /** The kept invoices, in order. */
  list(): InvoiceItem[] {
    return [...this.#kept];
  }
}
