import type { Invoice } from '../invoicing';
import type { InvoiceFigures, PreviousPeriodFigures } from './model';
import { DecimalSum, percentChange, roundUsd } from './money';
import { type ComparedSpan, isoInstant } from './report-period';

/** Adds up the paid invoices created in the span of the previous period a report is compared with. */
export class PreviousPeriodAccumulator {
  #paid = 0;
  readonly #paidUsd = new DecimalSum();

  /** @param span the previous period and the span of it compared (see `comparedSpan`). */
  constructor(readonly span: ComparedSpan) {}

  /** Counts in a paid invoice created in the span. */
  add(invoice: Invoice): void {
    if (invoice.status !== 'paid') return;
    this.#paid += 1;
    this.#paidUsd.add(invoice.amountFiatUSD);
  }

  /**
   * The previous span's figures and the change to the report's period. The change is worked out from
   * the rounded totals, as printed, so that it is exactly their difference (the percentage as well).
   */
  result(current: Pick<InvoiceFigures, 'paid' | 'paidTotalUSD'>): PreviousPeriodFigures {
    const paidTotalUSD = roundUsd(this.#paidUsd.toBig());
    const { period, start, end, whole } = this.span;
    return {
      kind: period.kind,
      id: period.id,
      start: isoInstant(start),
      end: isoInstant(end),
      comparison: whole ? 'whole-period' : 'same-elapsed-span',
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
