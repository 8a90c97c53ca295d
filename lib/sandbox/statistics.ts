import Big from 'big.js';
import { fiatFractionDigits } from '../fiat-fraction-digits';
import { jsonNumber, roundTo } from './amounts';
import type { DayTotals } from './day-totals';
import { dayTimestampMs, statisticsMonthKey } from './service-time';

/** `data` of `POST /statistics/invoices`, as the sandbox writes it. */
export interface InvoiceStatisticsJson {
  invoicesTotalNum: number;
  invoicesPaidNum: number;
  invoicesTotalUSD: number;
  invoicesByProjects: Record<string, number>;
  invoicesByCurrencies: Record<string, number>;
  invoicesByMonths: Record<string, number>;
  invoicesByDate: Record<string, { date: number; value: number }>;
}

/**
 * The statistics of the invoices created on some days. Where the spec is silent:
 * - every `invoicesBy*` member groups paid invoices only, and lists only groups with a paid invoice
 *   (an empty range gives `{}`);
 * - `invoicesByCurrencies` sums `amountFiat` in each currency, rounded to its minor unit;
 * - `invoicesByMonths` and `invoicesByDate` group by UTC month (`October-2026`) and UTC day, and a day's
 *   `date` is its UTC midnight in milliseconds;
 * - USD figures are rounded to cents, half up, once, after exact summing; keys are in ascending order.
 */
export function invoiceStatistics(days: Iterable<DayTotals>): InvoiceStatisticsJson {
  const ordered = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let invoicesTotalNum = 0;
  let invoicesPaidNum = 0;
  let totalUSD = new Big(0);
  const byProject = new Map<string, Big>();
  const byCurrency = new Map<string, Big>();
  const byMonth = new Map<string, Big>();
  const invoicesByDate: InvoiceStatisticsJson['invoicesByDate'] = {};
  for (const totals of ordered) {
    invoicesTotalNum += totals.invoices;
    if (totals.paid === 0) continue;
    invoicesPaidNum += totals.paid;
    totalUSD = totalUSD.plus(totals.paidUSD);
    for (const [project, usd] of totals.paidUSDByProject) addTo(byProject, project, usd);
    for (const [currency, amount] of totals.paidAmountByCurrency) addTo(byCurrency, currency, amount);
    addTo(byMonth, statisticsMonthKey(totals.day), totals.paidUSD);
    invoicesByDate[totals.day] = { date: dayTimestampMs(totals.day), value: usdNumber(totals.paidUSD) };
  }
  return {
    invoicesTotalNum,
    invoicesPaidNum,
    invoicesTotalUSD: usdNumber(totalUSD),
    invoicesByProjects: toObject(byProject, usdNumber, true),
    invoicesByCurrencies: toObject(
      byCurrency,
      (amount, currency) => jsonNumber(roundTo(amount, fiatFractionDigits(currency))),
      true,
    ),
    // Months were added in day order, so they are already chronological.
    invoicesByMonths: toObject(byMonth, usdNumber, false),
    invoicesByDate,
  };
}

function usdNumber(amount: Big): number {
  return jsonNumber(roundTo(amount, 2));
}

function addTo(sums: Map<string, Big>, key: string, amount: Big): void {
  sums.set(key, (sums.get(key) ?? new Big(0)).plus(amount));
}

function toObject(
  sums: Map<string, Big>,
  write: (amount: Big, key: string) => number,
  sortKeys: boolean,
): Record<string, number> {
  const keys = [...sums.keys()];
  if (sortKeys) keys.sort();
  return Object.fromEntries(keys.map((key) => [key, write(sums.get(key)!, key)]));
}
