import type { InvoiceItemJson, PaymentItemJson } from './records';

/**
 * The order of every list (the spec does not show one): newest first, by `createDatetime` for invoices
 * and `transactionDatetime` for payments, then by `id` ascending so that records of the same second
 * keep a stable place between pages.
 */
export function newestInvoiceFirst(a: InvoiceItemJson, b: InvoiceItemJson): number {
  return compareNewestThenId(a.createDatetime, a.id, b.createDatetime, b.id);
}

/** See `newestInvoiceFirst`. */
export function newestPaymentFirst(a: PaymentItemJson, b: PaymentItemJson): number {
  return compareNewestThenId(a.transactionDatetime, a.id, b.transactionDatetime, b.id);
}

function compareNewestThenId(aTime: string, aId: string, bTime: string, bId: string): number {
  if (aTime !== bTime) return aTime < bTime ? 1 : -1;
  if (aId !== bId) return aId < bId ? -1 : 1;
  return 0;
}
