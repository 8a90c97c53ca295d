import type { InvoiceItem, PaymentItem } from '../../invoicing';
import type { Span } from '../../period';
import { sum, ZERO } from '../money';
import { type EstimatedPayment, matchCandidates } from './match-candidates';
import type { UnmatchedFigures, UnmatchedPaymentFacts, UnmatchedPaymentSummary } from './model';
import { CANDIDATE_LOOKBACK_MS, type SearchWindow, searchWindowOf } from './search-window';
import { MatchedRates, rateBucketMs } from './usd-estimate';

/** How many unmatched payments `summary.json` lists with their estimate and candidates; the CSV has them all. */
export const UNMATCHED_PAYMENTS_LISTED = 100;

/** The facts about a period's unmatched payments: the summary's members, and every payment for the files. */
export interface UnmatchedResult {
  figures: UnmatchedFigures;
  /** Every unmatched payment of the period, by `transactionDatetime`, then id. */
  payments: UnmatchedPaymentFacts[];
}

/** The result for a report that has no unmatched payments to look into (one project's report). */
export const NO_UNMATCHED: UnmatchedResult = {
  figures: {
    unmatchedEstimatedUSD: ZERO,
    unmatchedEstimated: 0,
    unmatchedWithLikelyInvoice: 0,
    unmatchedPayments: [],
  },
  payments: [],
};

type UnmatchedPayment = Omit<EstimatedPayment, 'estimate'>;

/**
 * Gathers, as the lists are read, what the unmatched payments' estimates and candidates need, and
 * nothing else: the matched payments' rates in time buckets (see `MatchedRates`), the period's
 * unmatched payments, and a compact `SearchWindow` for each invoice not paid that could have received
 * one. Until the payments have all been read, that is every such invoice whose search reached into the
 * period; after, only those whose search was active when an unmatched payment arrived, and the ones kept
 * are thinned to those then.
 *
 * The lists may be read in any order and interleaved. Invoices created before the period are fetched
 * separately, once the payments are read (see `earlierInvoicesSpan`).
 */
export class UnmatchedCollector {
  readonly #rates: MatchedRates;
  readonly #payments: UnmatchedPayment[] = [];
  readonly #windows = new Map<string, SearchWindow>();
  /** The unmatched payments' instants, sorted, once the payments are all read. */
  #instants: number[] | undefined;

  constructor(readonly span: Span) {
    this.#rates = new MatchedRates(rateBucketMs(span.end - span.start));
  }

  /**
   * Takes a payment of the list, whether its transaction falls in the period or not: a matched one
   * (its invoice paid) lends its rate, an unmatched one of the period is kept.
   */
  addPayment(payment: PaymentItem, atMs: number): void {
    const { invoice } = payment;
    if (invoice !== undefined) {
      if (invoice.status === 'paid') {
        this.#rates.add(payment.wallet.cryptocurrency, atMs, payment.amount, invoice.amountFiatUSD);
      }
      return;
    }
    if (atMs < this.span.start || atMs >= this.span.end) return;
    this.#payments.push({
      id: payment.id,
      transactionDatetime: payment.transactionDatetime,
      atMs,
      amount: payment.amount,
      cryptocurrency: payment.wallet.cryptocurrency,
      walletName: payment.wallet.name,
      walletAddress: payment.wallet.address,
      hash: payment.hash,
    });
  }

  /** Takes an invoice of any list: one not paid is kept while it could have received an unmatched payment. */
  addInvoice(invoice: InvoiceItem): void {
    if (invoice.status === 'paid') return;
    const window = searchWindowOf(invoice)!;
    if (this.#couldMatch(window)) this.#windows.set(window.id, window);
  }

  /** Called once the payment list has been read to its end. */
  paymentsRead(): void {
    this.#instants = this.#payments.map((payment) => payment.atMs).sort((a, b) => a - b);
    for (const [id, window] of this.#windows) if (!this.#couldMatch(window)) this.#windows.delete(id);
  }

  /**
   * The span whose invoices (not paid) must be fetched besides the period's: from `CANDIDATE_LOOKBACK_DAYS`
   * before the first unmatched payment to the period's start; `undefined` when there is no unmatched
   * payment or that reaches no earlier than the period. Only once the payments are read.
   */
  earlierInvoicesSpan(): Span | undefined {
    const first = this.#instants?.[0];
    if (first === undefined) return undefined;
    const start = first - CANDIDATE_LOOKBACK_MS;
    return start < this.span.start ? { start, end: this.span.start } : undefined;
  }

  /** The estimates and candidates, once every list has been read. */
  result(): UnmatchedResult {
    const payments = this.#payments
      .sort((a, b) => a.atMs - b.atMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(
        (payment): EstimatedPayment => ({
          ...payment,
          estimate: this.#rates.estimate(payment.cryptocurrency, payment.atMs, payment.amount),
        }),
      );
    const facts = matchCandidates(payments, [...this.#windows.values()]);
    const estimated = facts.flatMap((payment) => (payment.estimate === null ? [] : [payment.estimate.usd]));
    return {
      figures: {
        unmatchedEstimatedUSD: sum(estimated),
        unmatchedEstimated: estimated.length,
        unmatchedWithLikelyInvoice: facts.filter((payment) => payment.likelyInvoiceId !== null).length,
        unmatchedPayments: facts.slice(0, UNMATCHED_PAYMENTS_LISTED).map(summaryEntry),
      },
      payments: facts,
    };
  }

  /**
   * Before the payments are read: whether the search reached into the period at all. After: whether it
   * was active when one of the unmatched payments arrived.
   */
  #couldMatch(window: SearchWindow): boolean {
    const instants = this.#instants;
    if (instants === undefined)
      return window.createdMs < this.span.end && window.activeUntilMs >= this.span.start;
    let low = 0;
    let high = instants.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (instants[middle]! < window.createdMs) low = middle + 1;
      else high = middle;
    }
    return low < instants.length && instants[low]! <= window.activeUntilMs;
  }
}

/** An unmatched payment as `summary.json` lists it: no free text from the service (see `UnmatchedPaymentSummary`). */
export function summaryEntry(payment: UnmatchedPaymentFacts): UnmatchedPaymentSummary {
  const { walletName: _name, walletAddress: _address, candidates, ...rest } = payment;
  return { ...rest, candidates: candidates.map(({ serviceData: _serviceData, ...candidate }) => candidate) };
}
