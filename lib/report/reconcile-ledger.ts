import type Big from 'big.js';
import type { DecimalString, Invoice } from '../invoicing';
import { addAmount, DecimalSum, ZERO } from './money';

/** Paid invoices of some set, added up exactly: what the statistics endpoint reports, itemised. */
export interface PaidTotals {
  count: number;
  usd: Big;
  usdByProject: Map<string, Big>;
  fiatByCurrency: Map<string, Big>;
  usdByCurrency: Map<string, Big>;
}

/** One UTC day's paid invoices: all of them, and those created at exactly 00:00:00. */
export interface PaidDay {
  wholeDay: PaidTotals;
  /**
   * Kept apart because a service that compares `createDatetime` with a bare date reads the date as its
   * midnight: `<= '2026-04-01'` takes in only the invoices of 2026-04-01 00:00:00, `> '2026-02-27'`
   * all of 2026-02-27 but those.
   */
  atMidnight: PaidTotals;
}

/** Empty totals. */
export function emptyPaidTotals(): PaidTotals {
  return {
    count: 0,
    usd: ZERO,
    usdByProject: new Map(),
    fiatByCurrency: new Map(),
    usdByCurrency: new Map(),
  };
}

function addMapInto(target: Map<string, Big>, source: Map<string, Big>, sign: 1 | -1): void {
  for (const [key, amount] of source) addAmount(target, key, sign === 1 ? amount : amount.neg());
}

/** Adds (`sign` 1) or takes away (`sign` -1) `source` into `target`, in place. */
export function addPaidTotals(target: PaidTotals, source: PaidTotals, sign: 1 | -1 = 1): void {
  target.count += sign * source.count;
  target.usd = sign === 1 ? target.usd.plus(source.usd) : target.usd.minus(source.usd);
  addMapInto(target.usdByProject, source.usdByProject, sign);
  addMapInto(target.fiatByCurrency, source.fiatByCurrency, sign);
  addMapInto(target.usdByCurrency, source.usdByCurrency, sign);
}

/** `PaidTotals` while invoices are still being added: running sums, turned into `Big` values on request. */
class PaidTotalsSum {
  #count = 0;
  readonly #usd = new DecimalSum();
  readonly #usdByProject = new Map<string, DecimalSum>();
  readonly #fiatByCurrency = new Map<string, DecimalSum>();
  readonly #usdByCurrency = new Map<string, DecimalSum>();

  add(invoice: Invoice): void {
    this.#count += 1;
    this.#usd.add(invoice.amountFiatUSD);
    addToSum(this.#usdByProject, invoice.projectId, invoice.amountFiatUSD);
    addToSum(this.#fiatByCurrency, invoice.currencyFiat, invoice.amountFiat);
    addToSum(this.#usdByCurrency, invoice.currencyFiat, invoice.amountFiatUSD);
  }

  totals(): PaidTotals {
    return {
      count: this.#count,
      usd: this.#usd.toBig(),
      usdByProject: bigValues(this.#usdByProject),
      fiatByCurrency: bigValues(this.#fiatByCurrency),
      usdByCurrency: bigValues(this.#usdByCurrency),
    };
  }
}

function addToSum(sums: Map<string, DecimalSum>, key: string, amount: DecimalString): void {
  let sum = sums.get(key);
  if (sum === undefined) {
    sum = new DecimalSum();
    sums.set(key, sum);
  }
  sum.add(amount);
}

function bigValues(sums: Map<string, DecimalSum>): Map<string, Big> {
  return new Map([...sums].map(([key, sum]) => [key, sum.toBig()]));
}

/**
 * Paid invoices per UTC day of creation, over every invoice fetched (not only the period's), so that the
 * reconciliation can add up exactly the days the statistics cover. A few dozen days of small maps.
 */
export class PaidDayLedger {
  readonly #days = new Map<string, { wholeDay: PaidTotalsSum; atMidnight: PaidTotalsSum }>();

  /** Keeps days `firstDay..lastDay` (`YYYY-MM-DD`, UTC); invoices created on other days are ignored. */
  constructor(
    readonly firstDay: string,
    readonly lastDay: string,
  ) {}

  /** Counts the invoice in if it is paid and created on a kept day. */
  add(invoice: Invoice): void {
    if (invoice.status !== 'paid') return;
    // `Y-m-d H:i:s` in UTC: the first ten characters are the UTC day.
    const date = invoice.createDatetime.slice(0, 10);
    if (date < this.firstDay || date > this.lastDay) return;
    let day = this.#days.get(date);
    if (day === undefined) {
      day = { wholeDay: new PaidTotalsSum(), atMidnight: new PaidTotalsSum() };
      this.#days.set(date, day);
    }
    day.wholeDay.add(invoice);
    if (invoice.createDatetime.endsWith(' 00:00:00')) day.atMidnight.add(invoice);
  }

  /** The day's paid invoices; empty totals for a day without any. */
  day(date: string): PaidDay {
    const day = this.#days.get(date);
    if (day === undefined) return { wholeDay: emptyPaidTotals(), atMidnight: emptyPaidTotals() };
    return { wholeDay: day.wholeDay.totals(), atMidnight: day.atMidnight.totals() };
  }
}
