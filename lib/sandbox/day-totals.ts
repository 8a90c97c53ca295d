import Big from 'big.js';
import type { InvoiceItemJson } from './records';

/**
 * What the statistics endpoint needs of one UTC day of invoice creation, kept per day so that a month's
 * statistics survive when its records are dropped from memory, and any whole-day range is a sum.
 * Sums are exact (`Big`); rounding happens once, when statistics are written.
 */
export interface DayTotals {
  /** `Y-m-d`, UTC. */
  day: string;
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

/** Day totals of some invoices, by day. Amounts may be JSON numbers or numeric strings. */
export function dayTotalsOf(invoices: Iterable<InvoiceItemJson>): Map<string, DayTotals> {
  const days = new Map<string, DayTotals>();
  for (const invoice of invoices) {
    const day = invoice.createDatetime.slice(0, 10);
    let totals = days.get(day);
    if (!totals) {
      totals = {
        day,
        invoices: 0,
        paid: 0,
        paidUSD: new Big(0),
        paidUSDByProject: new Map(),
        paidAmountByCurrency: new Map(),
      };
      days.set(day, totals);
    }
    totals.invoices++;
    if (invoice.status !== 'paid') continue;
    totals.paid++;
    const usd = new Big(invoice.amountFiatUSD);
    totals.paidUSD = totals.paidUSD.plus(usd);
    addTo(totals.paidUSDByProject, invoice.projectId, usd);
    addTo(totals.paidAmountByCurrency, invoice.currencyFiat, new Big(invoice.amountFiat));
  }
  return days;
}

function addTo(sums: Map<string, Big>, key: string, amount: Big): void {
  sums.set(key, (sums.get(key) ?? new Big(0)).plus(amount));
}
