import type { DayTotals } from './day-totals';
import type { InvoiceItemJson, PaymentItemJson } from './records';

/**
 * Whole UTC days, both included (`Y-m-d`): how the sandbox reads `startDate`/`endDate`, which the spec
 * leaves open. A missing bound is open.
 */
export interface DayRange {
  from?: string;
  to?: string;
}

/** Where the records come from: generated months or a given dataset. */
export interface RecordSource {
  /**
   * Lists that together hold every invoice created in the range (and, when given, with that id or
   * uid), each newest first, then by id. They may hold more; the caller filters.
   */
  invoiceLists(
    range: DayRange,
    lookup: { invoiceId?: string; invoiceUid?: string },
  ): readonly (readonly InvoiceItemJson[])[];
  /**
   * Lists that together hold every payment whose transaction falls in the range (and, when given,
   * matched to that invoice), each newest first, then by id. They may hold more; the caller filters.
   */
  paymentLists(range: DayRange, lookup: { invoiceId?: string }): readonly (readonly PaymentItemJson[])[];
  /** The totals of the days in the range that have invoices. */
  dayTotals(range: DayRange): Iterable<DayTotals>;
}

/** Whether a `Y-m-d` day lies in the range. */
export function dayInRange(day: string, range: DayRange): boolean {
  return (range.from === undefined || day >= range.from) && (range.to === undefined || day <= range.to);
}
