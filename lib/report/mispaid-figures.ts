import Big from 'big.js';
import type { Invoice } from '../invoicing';
import { compareByCreation } from './collect-first-paid-invoices';
import { FirstInOrder } from './first-in-order';
import {
  type InvoiceFigures,
  MISPAID_INVOICES_LISTED,
  type MispaidInvoice,
  type MispaidTotals,
} from './model';
import { DecimalSum, roundUsd } from './money';

/** The one currency whose invoices can be judged under- or over-paid (see `MispaidFiguresAccumulator`). */
export const JUDGED_CURRENCY = 'USD';

/** Under- or over-paid invoices of one side, added up: the received and invoiced sums, each exact. */
class Side {
  count = 0;
  readonly received = new DecimalSum();
  readonly invoiced = new DecimalSum();

  add(invoice: Invoice): void {
    this.count += 1;
    this.received.add(invoice.amountFiatUSD);
    this.invoiced.add(invoice.amountFiat);
  }

  /** The exact sum of the differences, rounded once to cents. */
  totals(): MispaidTotals {
    return { count: this.count, differenceUSD: roundUsd(this.received.toBig().minus(this.invoiced.toBig())) };
  }
}

/** Larger difference first, then by creation: the order of the list. */
const byLargestDifference = (a: MispaidInvoice, b: MispaidInvoice): number =>
  b.differenceUSD.abs().cmp(a.differenceUSD.abs()) || compareByCreation(a.invoice, b.invoice);

/**
 * Finds the paid invoices in USD whose received amount (`amountFiatUSD`, which the service overwrites
 * at payment with the USD value actually received) differs from the invoiced one (`amountFiat`, which
 * never changes): under-paid when less came in, over-paid when more did. Only USD invoices can be judged
 * so: for another currency `amountFiatUSD` is a conversion, and the rate moves between invoicing and
 * payment, so a difference would not mean the customer paid less or more.
 *
 * Per paid invoice it costs a comparison, and for one that differs a sum; it keeps the invoices with the
 * largest differences only (`MISPAID_INVOICES_LISTED`), the rest being in paid-invoices.csv, which has
 * both amounts.
 */
export class MispaidFiguresAccumulator {
  readonly #under = new Side();
  readonly #over = new Side();
  readonly #largest: FirstInOrder<MispaidInvoice>;
  /** Invoices offered to `#largest`: once `limit` have been, it is full. */
  #offered = 0;
  /** The smallest kept difference as a double, once the list is full: a cheap first test for newcomers. */
  #floor: number | undefined;

  constructor(readonly limit: number = MISPAID_INVOICES_LISTED) {
    this.#largest = new FirstInOrder(limit, byLargestDifference);
  }

  /** Looks at a paid invoice created in the period. */
  add(invoice: Invoice): void {
    if (invoice.currencyFiat !== JUDGED_CURRENCY) return;
    const received = invoice.amountFiatUSD;
    const invoiced = invoice.amountFiat;
    // Amounts come as plain decimal strings in Big's own form (see `plainDecimalOf`), so equal text is an
    // equal amount: the common case, settled without reading a number.
    if (received === invoiced) return;
    // Reading a decimal into a double rounds to the nearest double, which keeps order: a strict order of
    // the doubles is the order of the amounts. Doubles equal, the amounts may still differ past 15
    // digits (or be written differently), and `Big` decides.
    const receivedNumber = Number(received);
    const invoicedNumber = Number(invoiced);
    const sign =
      receivedNumber < invoicedNumber
        ? -1
        : receivedNumber > invoicedNumber
          ? 1
          : new Big(received).cmp(invoiced);
    if (sign === 0) return;
    (sign < 0 ? this.#under : this.#over).add(invoice);
    this.#keep(
      invoice,
      Math.abs(receivedNumber - invoicedNumber),
      Math.abs(receivedNumber) + Math.abs(invoicedNumber),
    );
  }

  /**
   * Keeps the invoice if its difference is among the largest. The difference of the doubles is within a
   * few units in the 16th digit of the amounts' size of the exact one: an invoice clearly below the
   * smallest kept is passed over without an exact subtraction.
   */
  #keep(invoice: Invoice, approximate: number, size: number): void {
    if (this.limit === 0) return;
    if (this.#floor !== undefined && approximate + size * 1e-12 < this.#floor * (1 - 1e-12)) return;
    this.#largest.add({ invoice, differenceUSD: new Big(invoice.amountFiatUSD).minus(invoice.amountFiat) });
    this.#offered += 1;
    if (this.#offered >= this.limit)
      this.#floor = this.#largest.list().at(-1)!.differenceUSD.abs().toNumber();
  }

  /** The count and the total difference of each side. */
  totals(): Pick<InvoiceFigures, 'underpaid' | 'overpaid'> {
    return { underpaid: this.#under.totals(), overpaid: this.#over.totals() };
  }

  /** The kept invoices, largest difference first (then by creation). */
  largest(): MispaidInvoice[] {
    return this.#largest.list();
  }
}
