import Big from 'big.js';
import type { LosslessNumber } from 'lossless-json';
import { fiatFractionDigits } from '../invoicing';
import type { ZoneDays } from '../period';
import { type DecimalSource, decimalOf, exactNumber, roundTo } from './rates';

/**
 * What the statistics need of one day of invoice creation (`Y-m-d` in their zone, from `start` in epoch
 * seconds), kept when a month's records are dropped. Exact sums: rounding happens once, when written.
 */
export interface DayTotals {
  day: string;
  start: number;
  invoices: number;
  paid: number;
  paidUSD: Big;
  paidUSDByProject: Map<string, Big>;
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

/** `data` of `POST /statistics/invoices`. Money is a `LosslessNumber`, every digit of any sum. */
export type InvoiceStatisticsJson = ReturnType<typeof invoiceStatistics>;

function totalsOf(days: Map<string, DayTotals>, day: string, start: number): DayTotals {
  let totals = days.get(day);
  if (!totals) {
    totals = {
      day,
      start,
      invoices: 0,
      paid: 0,
      paidUSD: new Big(0),
      paidUSDByProject: new Map(),
      paidAmountByCurrency: new Map(),
    };
    days.set(day, totals);
  }
  return totals;
}

function addTo(sums: Map<string, Big>, key: string, amount: Big): void {
  const sum = sums.get(key);
  sums.set(key, sum === undefined ? amount : sum.plus(amount));
}

/** Day totals of some invoices, by the day of `days` each was created on. */
export function dayTotalsOf(invoices: Iterable<CountedInvoice>, days: ZoneDays): Map<string, DayTotals> {
  const totalsByDay = new Map<string, DayTotals>();
  for (const invoice of invoices) {
    const { day, start } = days.dayOf(invoice.createDatetime);
    const totals = totalsOf(totalsByDay, day, start);
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

/**
 * The statistics of some invoices, from their day totals (parts of one day are added together). Where
 * the spec is silent: every `invoicesBy*` member groups paid invoices only, and lists only groups with
 * one; `invoicesByCurrencies` sums `amountFiat` in each currency, rounded to its minor unit;
 * `invoicesByDate` is keyed by the days the totals were cut in, its `date` the day's first instant in
 * milliseconds; `invoicesByMonths` groups those days by month (`October-2026`); USD figures are rounded
 * to cents, half up, once, after exact summing; keys are in ascending order.
 */
export function invoiceStatistics(parts: Iterable<DayTotals>) {
  const days = new Map<string, DayTotals>();
  for (const part of parts) addTotals(totalsOf(days, part.day, part.start), part);
  const all = totalsOf(new Map(), '', 0);
  const byMonth = new Map<string, Big>();
  const invoicesByDate: Record<string, { date: number; value: LosslessNumber }> = {};
  for (const totals of [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1))) {
    addTotals(all, totals);
    if (totals.paid === 0) continue;
    addTo(byMonth, statisticsMonthKey(totals.day), totals.paidUSD);
    invoicesByDate[totals.day] = { date: totals.start * 1000, value: usdNumber(totals.paidUSD) };
  }
  const sorted = (sums: Map<string, Big>, write: (sum: Big, key: string) => LosslessNumber) =>
    Object.fromEntries([...sums.keys()].sort().map((key) => [key, write(sums.get(key)!, key)]));
  return {
    invoicesTotalNum: all.invoices,
    invoicesPaidNum: all.paid,
    invoicesTotalUSD: usdNumber(all.paidUSD),
    invoicesByProjects: sorted(all.paidUSDByProject, usdNumber),
    invoicesByCurrencies: sorted(all.paidAmountByCurrency, (sum, currency) =>
      exactNumber(roundTo(sum, fiatFractionDigits(currency))),
    ),
    // Months were added in day order, so they are already chronological.
    invoicesByMonths: Object.fromEntries([...byMonth].map(([month, usd]) => [month, usdNumber(usd)])),
    invoicesByDate,
  };
}

function addTotals(totals: DayTotals, part: DayTotals): void {
  totals.invoices += part.invoices;
  totals.paid += part.paid;
  totals.paidUSD = totals.paidUSD.plus(part.paidUSD);
  for (const [project, usd] of part.paidUSDByProject) addTo(totals.paidUSDByProject, project, usd);
  for (const [currency, sum] of part.paidAmountByCurrency) addTo(totals.paidAmountByCurrency, currency, sum);
}

function usdNumber(amount: Big): LosslessNumber {
  return exactNumber(roundTo(amount, 2));
}

/** The key of a `Y-m-d` day's month, English name and four-digit year: `October-2026`. */
function statisticsMonthKey(day: string): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1));
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })}-${year}`;
}
