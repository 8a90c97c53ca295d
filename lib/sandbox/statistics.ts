import Big from 'big.js';
import type { LosslessNumber } from 'lossless-json';
import { fiatFractionDigits } from '../invoicing';
import { exactNumber, roundTo } from './amounts';
import { addTo, type DayTotals, mergeDayTotals } from './day-totals';
import { statisticsMonthKey } from './service-time';

/**
 * `data` of `POST /statistics/invoices`, as the sandbox writes it. Money is a `LosslessNumber`: a
 * number token with every digit, however large the sum.
 */
export interface InvoiceStatisticsJson {
  invoicesTotalNum: number;
  invoicesPaidNum: number;
  invoicesTotalUSD: LosslessNumber;
  invoicesByProjects: Record<string, LosslessNumber>;
  invoicesByCurrencies: Record<string, LosslessNumber>;
  invoicesByMonths: Record<string, LosslessNumber>;
  invoicesByDate: Record<string, { date: number; value: LosslessNumber }>;
}

/**
 * The statistics of some invoices, from their day totals (parts of one day are added together). Where
 * the spec is silent:
 * - every `invoicesBy*` member groups paid invoices only, and lists only groups with a paid invoice
 *   (an empty range gives `{}`);
 * - `invoicesByCurrencies` sums `amountFiat` in each currency, rounded to its minor unit;
 * - `invoicesByDate` is keyed by the days the totals were cut in, and a day's `date` is its first
 *   instant in milliseconds; `invoicesByMonths` groups the same days by their month (`October-2026`);
 * - USD figures are rounded to cents, half up, once, after exact summing; keys are in ascending order.
 */
export function invoiceStatistics(parts: Iterable<DayTotals>): InvoiceStatisticsJson {
  const ordered = [...mergeDayTotals(parts).values()].sort((a, b) => (a.day < b.day ? -1 : 1));
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
    invoicesByDate[totals.day] = { date: totals.start * 1000, value: usdNumber(totals.paidUSD) };
  }
  return {
    invoicesTotalNum,
    invoicesPaidNum,
    invoicesTotalUSD: usdNumber(totalUSD),
    invoicesByProjects: toObject(byProject, usdNumber, true),
    invoicesByCurrencies: toObject(
      byCurrency,
      (amount, currency) => exactNumber(roundTo(amount, fiatFractionDigits(currency))),
      true,
    ),
    // Months were added in day order, so they are already chronological.
    invoicesByMonths: toObject(byMonth, usdNumber, false),
    invoicesByDate,
  };
}

function usdNumber(amount: Big): LosslessNumber {
  return exactNumber(roundTo(amount, 2));
}

function toObject(
  sums: Map<string, Big>,
  write: (amount: Big, key: string) => LosslessNumber,
  sortKeys: boolean,
): Record<string, LosslessNumber> {
  const keys = [...sums.keys()];
  if (sortKeys) keys.sort();
  return Object.fromEntries(keys.map((key) => [key, write(sums.get(key)!, key)]));
}
