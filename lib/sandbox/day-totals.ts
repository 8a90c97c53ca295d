import type Big from 'big.js';
import type { ZoneDays } from '../period';
import { type DecimalSource, decimalOf } from './amounts';

/**
 * What the statistics endpoint needs of one day of invoice creation (a day of the zone the statistics
 * key their days in), kept per day so that a month's statistics survive when its records are dropped
 * from memory. Sums are exact (`Big`); rounding happens once, when statistics are written.
 */
export interface DayTotals {
  /** `Y-m-d` in the statistics' zone. */
  day: string;
  /** The day's first instant, in epoch seconds. */
  start: number;
  /** Invoices created that day, any status. */
  invoices: number;
  paid: number;
  /** Sum of `amountFiatUSD` of the day's paid invoices. */
  paidUSD: Big;
  /** The same per project id. */
  paidUSDByProject: Map<string, Big>;
  /** Sum of `amountFiat` of the day's paid invoices per currency, in that currency. */
  paidAmountByCurrency: Map<string, Big>;
}

/** What the statistics read of an invoice. */
export interface CountedInvoice {
  createDatetime: string;
  status: string;
  projectId: string;
  currencyFiat: string;
  amountFiatUSD: DecimalSource;
  amountFiat: DecimalSource;
}

/** Day totals of some invoices, by the day of `days` each was created on. */
export function dayTotalsOf(invoices: Iterable<CountedInvoice>, days: ZoneDays): Map<string, DayTotals> {
  const totalsByDay = new Map<string, DayTotals>();
  for (const invoice of invoices) {
    const { day, start } = days.dayOf(invoice.createDatetime);
    let totals = totalsByDay.get(day);
    if (!totals) {
      totals = emptyDayTotals(day, start);
      totalsByDay.set(day, totals);
    }
    totals.invoices++;
    if (invoice.status !== 'paid') continue;
    totals.paid++;
    const usd = decimalOf(invoice.amountFiatUSD);
    totals.paidUSD = totals.paidUSD.plus(usd);
    addTo(totals.paidUSDByProject, invoice.projectId, usd);
    addTo(totals.paidAmountByCurrency, invoice.currencyFiat, decimalOf(invoice.amountFiat));
  }
  return totalsByDay;
}

/** One day's totals from several parts (a zone day whose invoices lie in two months of records). */
export function mergeDayTotals(parts: Iterable<DayTotals>): Map<string, DayTotals> {
  const merged = new Map<string, DayTotals>();
  for (const part of parts) {
    let totals = merged.get(part.day);
    if (!totals) {
      totals = emptyDayTotals(part.day, part.start);
      merged.set(part.day, totals);
    }
    totals.invoices += part.invoices;
    totals.paid += part.paid;
    totals.paidUSD = totals.paidUSD.plus(part.paidUSD);
    for (const [project, usd] of part.paidUSDByProject) addTo(totals.paidUSDByProject, project, usd);
    for (const [currency, amount] of part.paidAmountByCurrency)
      addTo(totals.paidAmountByCurrency, currency, amount);
  }
  return merged;
}

function emptyDayTotals(day: string, start: number): DayTotals {
  return {
    day,
    start,
    invoices: 0,
    paid: 0,
    paidUSD: decimalOf(0),
    paidUSDByProject: new Map(),
    paidAmountByCurrency: new Map(),
  };
}

/** Adds to a sum kept by key. */
export function addTo(sums: Map<string, Big>, key: string, amount: Big): void {
  const sum = sums.get(key);
  sums.set(key, sum === undefined ? amount : sum.plus(amount));
}
