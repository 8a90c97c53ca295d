import type { InvoiceItem } from '../invoicing';
import { FirstInOrder } from './first-in-order';
import { FIRST_PAID_INVOICES_SHOWN } from './model';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Orders invoices by `createDatetime` (fixed-width `Y-m-d H:i:s`, so text order is time order), then id. */
export const compareByCreation = (a: InvoiceItem, b: InvoiceItem): number =>
  compareText(a.createDatetime, b.createDatetime) || compareText(a.id, b.id);

/** The first `limit` invoices by `createDatetime` then id, out of any number added in any order. */
export class FirstPaidInvoices extends FirstInOrder<InvoiceItem> {
  constructor(limit: number = FIRST_PAID_INVOICES_SHOWN) {
    super(limit, compareByCreation);
  }
}
