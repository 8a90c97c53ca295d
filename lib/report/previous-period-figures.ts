import type { Invoice } from '../invoicing';
import type { InvoiceFigures, PreviousMonthFigures } from './model';
import { DecimalSum, percentChange, roundUsd } from './money';

/** Adds up the paid invoices created in the month before, for the comparison. */
export class PreviousMonthAccumulator {
  #paid = 0;
  readonly #paidUsd = new DecimalSum();

  /** @param month `YYYY-MM` of the month before the report's. */
  constructor(readonly month: string) {}

  /** Counts in a paid invoice created in the previous month. */
  add(invoice: Invoice): void {
    if (invoice.status !== 'paid') return;
    this.#paid += 1;
    this.#paidUsd.add(invoice.amountFiatUSD);
  }

  /**
   * The previous month's figures and the change to the report's month. The change is worked out from
   * the rounded totals, as printed, so that it is exactly their difference (the percentage as well).
   */
  result(current: Pick<InvoiceFigures, 'paid' | 'paidTotalUSD'>): PreviousMonthFigures {
    const paidTotalUSD = roundUsd(this.#paidUsd.toBig());
    return {
      month: this.month,
      paid: this.#paid,
      paidTotalUSD,
      change: {
        paid: current.paid - this.#paid,
        paidTotalUSD: current.paidTotalUSD.minus(paidTotalUSD),
        paidTotalPercent: percentChange(current.paidTotalUSD, paidTotalUSD),
      },
    };
  }
}
