import { isLosslessNumber, type LosslessNumber } from 'lossless-json';
import * as z from 'zod';
import { fieldIssues, formatPath, issueText } from '../config';
import { invoiceStatusSchema, serviceDatetimeSchema } from '../invoicing';
import { ZoneDays } from '../period';
import { type SandboxAccount, sandboxAccount } from './account';
import {
  datetimeBounds,
  type InstantRange,
  inBounds,
  type MonthNumber,
  monthOfEpochSeconds,
  monthStartSeconds,
  rangeOfDates,
} from './date-reading';
import {
  type GeneratedMonth,
  generateMonth,
  type InvoiceItemJson,
  type PaymentItemJson,
} from './month-generator';
import { countedExtraPaid, type resolveSandboxOptions, type SandboxOptions } from './options';
import { decimalOf } from './rates';
import { arrangeList, newestFirst } from './record-order';
import type { invoiceListParamsSchema, paymentListParamsSchema } from './request-params';
import { monthOfInvoiceId, monthOfInvoiceUid } from './seeded-random';
import {
  type CountedInvoice,
  type DayTotals,
  dayTotalsOf,
  type InvoiceStatisticsJson,
  invoiceStatistics,
} from './statistics';

/** Day totals of the invoices created in the range. */
function dayTotalsIn(range: InstantRange, invoices: readonly CountedInvoice[], days: ZoneDays) {
  const bounds = datetimeBounds(range);
  const inRange = invoices.filter((invoice) => inBounds(invoice.createDatetime, bounds));
  return dayTotalsOf(inRange, days).values();
}

/** Where the records come from: generated months or a given dataset. */
interface RecordSource {
  /** Lists holding every invoice created in the range (with that id or uid), each newest first, by id. */
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

/**
 * The answers of the three endpoints, before paging. Each filtered list is kept, so every further page
 * of it is a slice: about a millisecond for 100 records out of 55,000.
 */
export function sandboxQueries(settings: ReturnType<typeof resolveSandboxOptions>) {
  const { seed, order } = settings;
  const dateReading = { days: new ZoneDays(settings.dateZone), endDate: settings.endDate };
  const statisticsDays = settings.statsDayKeys === 'utc' ? new ZoneDays('UTC') : dateReading.days;
  const source = settings.dataset
    ? datasetSource(settings.dataset, statisticsDays)
    : new GeneratedSource({ ...settings, statisticsDays });
  const extraPaid = countedExtraPaid(settings.statsExtraPaid, source.mainProjectId);
  const lists = new LruCache<string, readonly unknown[]>(CACHED_LISTS);
  const statisticsByRange = new LruCache<string, InvoiceStatisticsJson>(CACHED_LISTS);

  // The source's lists are each in order, so sorting their concatenation is a merge of runs.
  const list = <T extends { id: string }>(
    key: string,
    dates: { startDate?: string; endDate?: string },
    listsIn: (range: InstantRange) => T[][],
    timeOf: (record: T) => string,
    passes: (record: T) => boolean,
  ): readonly T[] =>
    lists.getOrCreate(key, () => {
      const range = rangeOfDates(dates, dateReading);
      const bounds = datetimeBounds(range);
      const kept = listsIn(range).flatMap((records) =>
        records.filter((record) => inBounds(timeOf(record), bounds) && passes(record)),
      );
      return arrangeList(kept.sort(newestFirst(timeOf)), order, timeOf, { seed, listKey: key });
    }) as readonly T[];

  return {
    invoices(filter: InvoiceFilter): readonly InvoiceItemJson[] {
      const { invoiceId, invoiceUid, projectId, status } = filter;
      return list(
        `invoices ${JSON.stringify([invoiceId, invoiceUid, projectId, filter.startDate, filter.endDate, status])}`,
        filter,
        (range) => source.invoiceLists(range, filter),
        (invoice) => invoice.createDatetime,
        (invoice) =>
          (invoiceId === undefined || invoice.id === invoiceId) &&
          (invoiceUid === undefined || invoice.uid === invoiceUid) &&
          (projectId === undefined || invoice.projectId === projectId) &&
          (status === undefined || invoice.status === status),
      );
    },

    payments(filter: PaymentFilter): readonly PaymentItemJson[] {
      const { walletId, invoiceId } = filter;
      return list(
        `payments ${JSON.stringify([walletId, invoiceId, filter.startDate, filter.endDate])}`,
        filter,
        (range) => source.paymentLists(range, filter),
        (payment) => payment.transactionDatetime,
        (payment) =>
          (walletId === undefined || payment.wallet.id === walletId) &&
          (invoiceId === undefined || payment.invoice?.id === invoiceId),
      );
    },

    /** The statistics of exactly what `POST /invoices/list` returns for the dates, plus planted extras. */
    statistics(dates: { startDate?: string; endDate?: string }): InvoiceStatisticsJson {
      return statisticsByRange.getOrCreate(JSON.stringify([dates.startDate, dates.endDate]), () => {
        const range = rangeOfDates(dates, dateReading);
        const extraDays = dayTotalsIn(range, extraPaid, statisticsDays);
        return invoiceStatistics([...source.dayTotals(range), ...extraDays]);
      });
    },
  };
}

/**
 * A least-recently-used cache over `Map`'s insertion order, sized by a cost per entry (records, for
 * months); the newest entry is kept even when it alone exceeds `capacity`.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; cost: number }>();
  private totalCost = 0;

  constructor(private readonly capacity: number) {}

  getOrCreate(key: K, create: () => V, costOf: (value: V) => number = () => 1): V {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.value;
    }
    const value = create();
    const cost = costOf(value);
    this.entries.set(key, { value, cost });
    this.totalCost += cost;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalCost <= this.capacity || oldestKey === key) break;
      this.entries.delete(oldestKey);
      this.totalCost -= oldest.cost;
    }
    return value;
  }
}

/** Full months of data before the current one. */
const DATA_MONTHS = 14;

/** Records held at once, about 5 months of 50,000 paid invoices; older months are generated again. */
const RECORD_BUDGET = 600_000;

type GeneratedSourceOptions = Pick<Required<SandboxOptions>, 'seed' | 'paidPerMonth' | 'now'> &
  Pick<SandboxOptions, 'unmatchedCases'> & { statisticsDays?: ZoneDays };

/** The `DATA_MONTHS` full months before `now` and this month so far, each generated when first needed. */
export class GeneratedSource implements RecordSource {
  readonly account: SandboxAccount;
  /** The account's busiest project. */
  readonly mainProjectId: string;
  readonly firstMonth: MonthNumber;
  readonly lastMonth: MonthNumber;
  private readonly nowSeconds: number;
  private readonly months = new LruCache<MonthNumber, GeneratedMonth>(RECORD_BUDGET);
  private readonly totals = new Map<MonthNumber, Map<string, DayTotals>>();
  private readonly statisticsDays: ZoneDays;

  constructor(private readonly options: GeneratedSourceOptions) {
    this.account = sandboxAccount(options.seed);
    this.mainProjectId = this.account.projectIds[0]!;
    this.statisticsDays = options.statisticsDays ?? new ZoneDays('UTC');
    this.nowSeconds = Math.floor(options.now.getTime() / 1000);
    this.lastMonth = monthOfEpochSeconds(this.nowSeconds);
    this.firstMonth = this.lastMonth - DATA_MONTHS;
  }

  /** One month's records (generated on first use). */
  month(month: MonthNumber): GeneratedMonth {
    return this.months.getOrCreate(
      month,
      () => {
        const { nowSeconds, account } = this;
        const generated = generateMonth({ ...this.options, month, nowSeconds, account });
        if (!this.totals.has(month)) {
          this.totals.set(month, dayTotalsOf(generated.invoices, this.statisticsDays));
        }
        return generated;
      },
      (generated) => generated.invoices.length + generated.payments.length,
    );
  }

  invoiceLists(range: InstantRange, lookup: { invoiceId?: string; invoiceUid?: string }) {
    // Generated ids and uids carry their month: a lookup generates that month only.
    return this.monthsOf(range, 0)
      .filter((m) => lookup.invoiceId === undefined || m === monthOfInvoiceId(lookup.invoiceId))
      .filter((m) => lookup.invoiceUid === undefined || m === monthOfInvoiceUid(lookup.invoiceUid))
      .map((month) => this.month(month).invoices);
  }

  paymentLists(range: InstantRange, lookup: { invoiceId?: string }): PaymentItemJson[][] {
    // A month's payments may fall early in the next month, so one month more is read.
    return this.monthsOf(range, 1)
      .filter((m) => lookup.invoiceId === undefined || m === monthOfInvoiceId(lookup.invoiceId))
      .map((month) => this.month(month).payments);
  }

  /** A month wholly in the range gives its kept totals; one the range cuts is added up from records. */
  dayTotals(range: InstantRange): DayTotals[] {
    const parts: DayTotals[] = [];
    for (const month of this.monthsOf(range, 0)) {
      const covered =
        (range.from === undefined || range.from <= monthStartSeconds(month)) &&
        (range.to === undefined || monthStartSeconds(month + 1) <= range.to);
      if (covered) {
        if (!this.totals.has(month)) this.month(month);
        parts.push(...this.totals.get(month)!.values());
      } else {
        parts.push(...dayTotalsIn(range, this.month(month).invoices, this.statisticsDays));
      }
    }
    return parts;
  }

  /** The data's months that may hold records of the range, newest first; `earlier` more before it. */
  private monthsOf(range: InstantRange, earlier: number): MonthNumber[] {
    const from = Math.max(
      this.firstMonth,
      range.from === undefined ? this.firstMonth : monthOfEpochSeconds(range.from) - earlier,
    );
    const to = Math.min(
      this.lastMonth,
      range.to === undefined ? this.lastMonth : monthOfEpochSeconds(range.to - 1),
    );
    const months: MonthNumber[] = [];
    for (let month = to; month >= from; month--) months.push(month);
    return months;
  }
}

/**
 * Records served exactly as given instead of generated ones, as items of the two lists; the statistics
 * come from the invoices. An amount may be a number, numeric text or a `LosslessNumber`.
 */
export interface SandboxDataset {
  invoices: unknown[];
  payments: unknown[];
}

const amountSchema = z
  .union([z.number(), z.string(), z.custom<LosslessNumber>(isLosslessNumber)])
  .refine((value) => {
    try {
      decimalOf(value);
      return true;
    } catch {
      return false;
    }
  }, 'expected a number');

/** Only the members the sandbox filters and adds up by: a test may serve a record odd in other ways. */
const datasetInvoiceSchema = z.looseObject({
  id: z.string(),
  uid: z.string(),
  projectId: z.string(),
  createDatetime: serviceDatetimeSchema,
  status: invoiceStatusSchema,
  amountFiatUSD: amountSchema,
  amountFiat: amountSchema,
  currencyFiat: z.string(),
});

const datasetPaymentSchema = z.looseObject({
  id: z.string(),
  transactionDatetime: serviceDatetimeSchema,
  wallet: z.looseObject({ id: z.string() }),
  invoice: z.looseObject({ id: z.string() }).nullish(),
});

/** A dataset's records, checked and ordered once. Throws a `TypeError` naming the first bad member. */
function datasetSource(dataset: SandboxDataset, statisticsDays: ZoneDays): RecordSource {
  if (!Array.isArray(dataset?.invoices) || !Array.isArray(dataset?.payments)) {
    throw new TypeError('dataset: expected { invoices: [...], payments: [...] }');
  }
  const invoices = checked(dataset.invoices, datasetInvoiceSchema, 'invoices') as InvoiceItemJson[];
  const payments = checked(dataset.payments, datasetPaymentSchema, 'payments') as PaymentItemJson[];
  // The project of the dataset's first invoice as given, before the records are ordered.
  const mainProjectId = invoices[0]?.projectId;
  invoices.sort(newestFirst((invoice) => invoice.createDatetime));
  payments.sort(newestFirst((payment) => payment.transactionDatetime));
  return {
    mainProjectId,
    invoiceLists: () => [invoices],
    paymentLists: () => [payments],
    dayTotals: (range) => dayTotalsIn(range, invoices, statisticsDays),
  };
}

/** A copy of the records (the caller's array is left alone), each checked against the schema. */
function checked(records: unknown[], schema: z.ZodType, name: string): unknown[] {
  return records.map((record, index) => {
    const result = schema.safeParse(record);
    if (!result.success) {
      const [first] = fieldIssues(result.error.issues, { root: formatPath([name, index], 'dataset') });
      throw new TypeError(issueText(first!));
    }
    return record;
  });
}
