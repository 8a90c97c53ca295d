import { ZoneDays } from '../period';
import { type SandboxAccount, sandboxAccount } from './account';
import {
  datetimeBounds,
  type InstantRange,
  inBounds,
  type MonthNumber,
  monthOfEpochSeconds,
  monthStartSeconds,
} from './date-reading';
import { LruCache } from './lru-cache';
import { type GeneratedMonth, generateMonth } from './month-generator';
import type { SandboxOptions } from './options';
import type { RecordSource } from './queries';
import type { InvoiceItemJson, PaymentItemJson } from './records';
import { monthOfInvoiceId, monthOfInvoiceUid } from './seeded-random';

import { type DayTotals, dayTotalsOf } from './statistics';

/** Full months of data before the current one. */
const DATA_MONTHS = 14;

/**
 * Records held in memory at once, about 5 months of 50,000 paid invoices. Older months are dropped
 * and, being deterministic, generated again if asked for; their day totals are kept.
 */
const RECORD_BUDGET = 600_000;

/** `statisticsDays`: the days the statistics are keyed by (UTC days by default). */
type GeneratedSourceOptions = Pick<Required<SandboxOptions>, 'seed' | 'paidPerMonth' | 'now'> &
  Pick<SandboxOptions, 'unmatchedCases'> & { statisticsDays?: ZoneDays };

/**
 * The account's records, generated a month at a time when a request first needs that month: the
 * `DATA_MONTHS` full months before `now` and the current month up to `now`.
 */
export class GeneratedSource implements RecordSource {
  readonly account: SandboxAccount;
  readonly firstMonth: MonthNumber;
  readonly lastMonth: MonthNumber;
  private readonly nowSeconds: number;
  private readonly months = new LruCache<MonthNumber, GeneratedMonth>(RECORD_BUDGET);
  private readonly totals = new Map<MonthNumber, Map<string, DayTotals>>();
  private readonly statisticsDays: ZoneDays;

  constructor(private readonly options: GeneratedSourceOptions) {
    this.account = sandboxAccount(options.seed);
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

  /** The account's busiest project. */
  get mainProjectId(): string {
    return this.account.projectIds[0]!;
  }

  invoiceLists(
    range: InstantRange,
    lookup: { invoiceId?: string; invoiceUid?: string },
  ): InvoiceItemJson[][] {
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

  /**
   * A month wholly in the range gives the totals kept since it was generated; a month the range cuts
   * (at most the first and the last) is added up again from its records in the range.
   */
  dayTotals(range: InstantRange): DayTotals[] {
    const parts: DayTotals[] = [];
    const bounds = datetimeBounds(range);
    for (const month of this.monthsOf(range, 0)) {
      const covered =
        (range.from === undefined || range.from <= monthStartSeconds(month)) &&
        (range.to === undefined || monthStartSeconds(month + 1) <= range.to);
      if (covered) {
        if (!this.totals.has(month)) this.month(month);
        parts.push(...this.totals.get(month)!.values());
      } else {
        const inRange = this.month(month).invoices.filter((invoice) =>
          inBounds(invoice.createDatetime, bounds),
        );
        parts.push(...dayTotalsOf(inRange, this.statisticsDays).values());
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
