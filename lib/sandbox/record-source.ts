import type { DayTotals } from './day-totals';
import type { InstantRange } from './instant-range';
import type { InvoiceItemJson, PaymentItemJson } from './records';

/** Where the records come from: generated months or a given dataset. */
export interface RecordSource {
  /**
   * Lists that together hold every invoice created in the range (and, when given, with that id or
   * uid), each newest first, then by id. They may hold more; the caller filters.
   */
  invoiceLists(
    range: InstantRange,
    lookup: { invoiceId?: string; invoiceUid?: string },
  ): readonly (readonly InvoiceItemJson[])[];
  /**
   * Lists that together hold every payment whose transaction falls in the range (and, when given,
   * matched to that invoice), each newest first, then by id. They may hold more; the caller filters.
   */
  paymentLists(range: InstantRange, lookup: { invoiceId?: string }): readonly (readonly PaymentItemJson[])[];
  /**
   * Day totals of exactly the invoices created in the range, by the days the statistics are keyed by
   * (a day's totals may come in several parts).
   */
  dayTotals(range: InstantRange): Iterable<DayTotals>;
  /** The project an extra paid invoice planted in the statistics belongs to when it names none. */
  readonly mainProjectId: string | undefined;
}
