import type { InvoiceStatus } from '../invoicing';
import type { ZoneDays } from '../period';
import { type DateReading, rangeOfDates } from './date-reading';
import { type CountedInvoice, dayTotalsOf } from './day-totals';
import { datetimeBounds, inBounds } from './instant-range';
import { LruCache } from './lru-cache';
import { arrangeList, type ListOrder, newestInvoiceFirst, newestPaymentFirst } from './record-order';
import type { RecordSource } from './record-source';
import type { InvoiceItemJson, PaymentItemJson } from './records';
import { type InvoiceStatisticsJson, invoiceStatistics } from './statistics';

/** The filters of `POST /invoices/list`, validated. */
export interface InvoiceFilter {
  invoiceId?: string;
  invoiceUid?: string;
  projectId?: string;
  startDate?: string;
  endDate?: string;
  status?: InvoiceStatus;
}

/** The filters of `POST /payments/list`, validated. */
export interface PaymentFilter {
  walletId?: string;
  invoiceId?: string;
  startDate?: string;
  endDate?: string;
}

/** Filtered lists kept for paging: a client walks one list page by page, often several at once. */
const CACHED_LISTS = 64;

/** How the answers read what the spec leaves open, and what the statistics count beyond the lists. */
export interface QueryReadings {
  dates: DateReading;
  /** The days the statistics are keyed by (the sources cut theirs the same way). */
  statisticsDays: ZoneDays;
  order: ListOrder;
  /** Seeds the `random` order. */
  seed: number;
  /** Paid invoices the statistics count and the lists do not return (a planted fault). */
  extraPaid: readonly CountedInvoice[];
}

/**
 * The answers of the three endpoints, before paging. Each filtered list is computed once and kept, so
 * every further page of it is a slice: about a millisecond for 100 records out of 55,000.
 */
export class SandboxQueries {
  private readonly lists = new LruCache<string, readonly (InvoiceItemJson | PaymentItemJson)[]>(CACHED_LISTS);
  private readonly statisticsByRange = new LruCache<string, InvoiceStatisticsJson>(CACHED_LISTS);

  constructor(
    private readonly source: RecordSource,
    private readonly readings: QueryReadings,
  ) {}

  /** Every invoice that passes the filter, in the list order. */
  invoices(filter: InvoiceFilter): readonly InvoiceItemJson[] {
    const key = `invoices ${JSON.stringify([filter.invoiceId, filter.invoiceUid, filter.projectId, filter.startDate, filter.endDate, filter.status])}`;
    return this.lists.getOrCreate(key, () => {
      const range = rangeOfDates(filter, this.readings.dates);
      const bounds = datetimeBounds(range);
      const lists = this.source
        .invoiceLists(range, filter)
        .map((list) =>
          list.filter(
            (invoice) =>
              inBounds(invoice.createDatetime, bounds) &&
              (filter.invoiceId === undefined || invoice.id === filter.invoiceId) &&
              (filter.invoiceUid === undefined || invoice.uid === filter.invoiceUid) &&
              (filter.projectId === undefined || invoice.projectId === filter.projectId) &&
              (filter.status === undefined || invoice.status === filter.status),
          ),
        );
      return this.arrange(mergeSorted(lists, newestInvoiceFirst), key, (invoice) => invoice.createDatetime);
    }) as readonly InvoiceItemJson[];
  }

  /** Every payment that passes the filter, in the list order. */
  payments(filter: PaymentFilter): readonly PaymentItemJson[] {
    const key = `payments ${JSON.stringify([filter.walletId, filter.invoiceId, filter.startDate, filter.endDate])}`;
    return this.lists.getOrCreate(key, () => {
      const range = rangeOfDates(filter, this.readings.dates);
      const bounds = datetimeBounds(range);
      const lists = this.source
        .paymentLists(range, filter)
        .map((list) =>
          list.filter(
            (payment) =>
              inBounds(payment.transactionDatetime, bounds) &&
              (filter.walletId === undefined || payment.wallet.id === filter.walletId) &&
              (filter.invoiceId === undefined || payment.invoice?.id === filter.invoiceId),
          ),
        );
      return this.arrange(
        mergeSorted(lists, newestPaymentFirst),
        key,
        (payment) => payment.transactionDatetime,
      );
    }) as readonly PaymentItemJson[];
  }

  /**
   * The statistics of the invoices created in the range the dates name, read as the lists read them:
   * exactly the invoices `POST /invoices/list` returns for the same dates, plus any planted extra.
   */
  statistics(dates: { startDate?: string; endDate?: string }): InvoiceStatisticsJson {
    // Kept like the lists: a range the zone cuts inside a month is added up again from its records.
    return this.statisticsByRange.getOrCreate(JSON.stringify([dates.startDate, dates.endDate]), () => {
      const range = rangeOfDates(dates, this.readings.dates);
      const bounds = datetimeBounds(range);
      const extra = this.readings.extraPaid.filter((invoice) => inBounds(invoice.createDatetime, bounds));
      const extraDays = dayTotalsOf(extra, this.readings.statisticsDays).values();
      return invoiceStatistics([...this.source.dayTotals(range), ...extraDays]);
    });
  }

  private arrange<T extends { id: string }>(
    newestFirst: readonly T[],
    listKey: string,
    timeOf: (record: T) => string,
  ): readonly T[] {
    return arrangeList(newestFirst, this.readings.order, timeOf, { seed: this.readings.seed, listKey });
  }
}

/** One list from lists that are each in order: a merge, cheaper than sorting them all again. */
function mergeSorted<T>(lists: readonly T[][], compare: (a: T, b: T) => number): T[] {
  let merged: T[] = [];
  for (const list of lists) {
    if (merged.length === 0) {
      merged = list;
      continue;
    }
    const next: T[] = new Array(merged.length + list.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < merged.length && j < list.length) {
      next[k++] = compare(merged[i]!, list[j]!) <= 0 ? merged[i++]! : list[j++]!;
    }
    while (i < merged.length) next[k++] = merged[i++]!;
    while (j < list.length) next[k++] = list[j++]!;
    merged = next;
  }
  return merged;
}
