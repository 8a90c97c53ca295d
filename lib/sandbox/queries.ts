import type * as z from 'zod';
import type { ZoneDays } from '../period';
import { type DateReading, datetimeBounds, type InstantRange, inBounds, rangeOfDates } from './date-reading';
import { LruCache } from './lru-cache';
import { arrangeList, type ListOrder, newestFirst } from './record-order';
import type { InvoiceItemJson, PaymentItemJson } from './records';
import type { invoiceListParamsSchema, paymentListParamsSchema } from './request-params';
import {
  type CountedInvoice,
  type DayTotals,
  dayTotalsOf,
  type InvoiceStatisticsJson,
  invoiceStatistics,
} from './statistics';

/** Where the records come from: generated months or a given dataset. */
export interface RecordSource {
  /**
   * Lists that together hold every invoice created in the range (and, when given, with that id or
   * uid), each newest first, then by id. They may hold more; the caller filters.
   */
  invoiceLists(range: InstantRange, lookup: { invoiceId?: string; invoiceUid?: string }): InvoiceItemJson[][];
  /** The same for payments whose transaction falls in the range (and matched to that invoice). */
  paymentLists(range: InstantRange, lookup: { invoiceId?: string }): PaymentItemJson[][];
  /** Day totals of exactly the invoices created in the range (a day's may come in several parts). */
  dayTotals(range: InstantRange): Iterable<DayTotals>;
  /** The project an extra paid invoice planted in the statistics belongs to when it names none. */
  readonly mainProjectId: string | undefined;
}

/** The filters of each list, as its form is read (`offset` and `limit` aside). */
type InvoiceFilter = Omit<z.output<typeof invoiceListParamsSchema>, 'offset' | 'limit'>;
type PaymentFilter = Omit<z.output<typeof paymentListParamsSchema>, 'offset' | 'limit'>;

/** Filtered lists kept for paging: a client walks one list page by page, often several at once. */
const CACHED_LISTS = 64;

/** How the answers read what the spec leaves open, and what the statistics count beyond the lists. */
export interface QueryReadings {
  dates: DateReading;
  /** The days the statistics are keyed by (the sources cut theirs the same way). */
  statisticsDays: ZoneDays;
  order: ListOrder;
  seed: number;
  /** Paid invoices the statistics count and the lists do not return (a planted fault). */
  extraPaid: readonly CountedInvoice[];
}

/**
 * The answers of the three endpoints, before paging. Each filtered list is computed once and kept, so
 * every further page of it is a slice: about a millisecond for 100 records out of 55,000.
 */
export class SandboxQueries {
  private readonly lists = new LruCache<string, readonly unknown[]>(CACHED_LISTS);
  private readonly statisticsByRange = new LruCache<string, InvoiceStatisticsJson>(CACHED_LISTS);

  constructor(
    private readonly source: RecordSource,
    private readonly readings: QueryReadings,
  ) {}

  invoices(filter: InvoiceFilter): readonly InvoiceItemJson[] {
    const { invoiceId, invoiceUid, projectId, status } = filter;
    return this.list(
      `invoices ${JSON.stringify([invoiceId, invoiceUid, projectId, filter.startDate, filter.endDate, status])}`,
      filter,
      (range) => this.source.invoiceLists(range, filter),
      (invoice) => invoice.createDatetime,
      (invoice) =>
        (invoiceId === undefined || invoice.id === invoiceId) &&
        (invoiceUid === undefined || invoice.uid === invoiceUid) &&
        (projectId === undefined || invoice.projectId === projectId) &&
        (status === undefined || invoice.status === status),
    );
  }

  payments(filter: PaymentFilter): readonly PaymentItemJson[] {
    const { walletId, invoiceId } = filter;
    return this.list(
      `payments ${JSON.stringify([walletId, invoiceId, filter.startDate, filter.endDate])}`,
      filter,
      (range) => this.source.paymentLists(range, filter),
      (payment) => payment.transactionDatetime,
      (payment) =>
        (walletId === undefined || payment.wallet.id === walletId) &&
        (invoiceId === undefined || payment.invoice?.id === invoiceId),
    );
  }

  /**
   * The statistics of exactly the invoices `POST /invoices/list` returns for the same dates, plus any
   * planted extra. Kept like the lists: a range the zone cuts inside a month is added up from records.
   */
  statistics(dates: { startDate?: string; endDate?: string }): InvoiceStatisticsJson {
    return this.statisticsByRange.getOrCreate(JSON.stringify([dates.startDate, dates.endDate]), () => {
      const range = rangeOfDates(dates, this.readings.dates);
      const bounds = datetimeBounds(range);
      const extra = this.readings.extraPaid.filter((invoice) => inBounds(invoice.createDatetime, bounds));
      const extraDays = dayTotalsOf(extra, this.readings.statisticsDays).values();
      return invoiceStatistics([...this.source.dayTotals(range), ...extraDays]);
    });
  }

  /**
   * The records of the source's lists in the range that pass the filter, in the list order. The lists
   * are each in order, so sorting their concatenation is a merge of runs.
   */
  private list<T extends { id: string }>(
    key: string,
    dates: { startDate?: string; endDate?: string },
    lists: (range: InstantRange) => T[][],
    timeOf: (record: T) => string,
    passes: (record: T) => boolean,
  ): readonly T[] {
    return this.lists.getOrCreate(key, () => {
      const range = rangeOfDates(dates, this.readings.dates);
      const bounds = datetimeBounds(range);
      const kept = lists(range).flatMap((list) =>
        list.filter((record) => inBounds(timeOf(record), bounds) && passes(record)),
      );
      const { order, seed } = this.readings;
      return arrangeList(kept.sort(newestFirst(timeOf)), order, timeOf, { seed, listKey: key });
    }) as readonly T[];
  }
}
