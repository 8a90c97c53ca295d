import type { InvoiceItem, PaymentItem } from '../../invoicing';
import type { Span } from '../../period';
import { compareText, partitionPoint } from '../collections';
import { sum } from '../money';
import type { UnmatchedPaymentFacts } from './match-candidates';
import {
  CANDIDATE_LOOKBACK_MS,
  matchCandidates,
  type SearchWindow,
  searchWindowOf,
} from './match-candidates';
import { MatchedRates, rateBucketMs, type UsdEstimate } from './usd-estimate';

/** How many unmatched payments `summary.json` lists; the CSV has them all. */
const UNMATCHED_PAYMENTS_LISTED = 100;

/** What the summary's `payments` adds about unmatched payments. */
export type UnmatchedFigures = ReturnType<UnmatchedCollector['result']>['figures'];

/** What the report keeps of an unmatched payment of the period. */
const unmatchedPayment = (payment: PaymentItem, atMs: number) => ({
  id: payment.id,
  transactionDatetime: payment.transactionDatetime,
  atMs,
  amount: payment.amount,
  cryptocurrency: payment.wallet.cryptocurrency,
  walletName: payment.wallet.name,
  walletAddress: payment.wallet.address,
  hash: payment.hash,
});

/** `estimate` is `null` when none could be made. */
export type EstimatedPayment = ReturnType<typeof unmatchedPayment> & { estimate: UsdEstimate | null };

/**
 * What estimates and candidates need, from lists in any order: matched rates, unmatched payments, and each
 * invoice not paid whose search reached into the period (once payments are read: met an unmatched one).
 */
export class UnmatchedCollector {
  readonly #rates: MatchedRates;
  readonly #payments: ReturnType<typeof unmatchedPayment>[] = [];
  readonly #windows = new Map<string, SearchWindow>();
  /** Sorted, once the payments are all read. */
  #instants: number[] | undefined;

  constructor(readonly span: Span) {
    this.#rates = new MatchedRates(rateBucketMs(span.end - span.start));
  }

  /** Any payment of the list: a matched one lends its rate, an unmatched one of the period is kept. */
  addPayment(payment: PaymentItem, atMs: number): void {
    const { invoice } = payment;
    if (invoice !== undefined) {
      if (invoice.status === 'paid') {
        this.#rates.add(payment.wallet.cryptocurrency, atMs, payment.amount, invoice.amountFiatUSD);
      }
      return;
    }
    if (atMs < this.span.start || atMs >= this.span.end) return;
    this.#payments.push(unmatchedPayment(payment, atMs));
  }

  addInvoice(invoice: InvoiceItem): void {
    if (invoice.status === 'paid') return;
    const window = searchWindowOf(invoice)!;
    if (this.#couldMatch(window)) this.#windows.set(window.id, window);
  }

  paymentsRead(): void {
    this.#instants = this.#payments.map((payment) => payment.atMs).sort((a, b) => a - b);
    for (const [id, window] of this.#windows) if (!this.#couldMatch(window)) this.#windows.delete(id);
  }

  /** Once the payments are read: the span before the period whose invoices not paid are wanted, if any. */
  earlierInvoicesSpan(): Span | undefined {
    const first = this.#instants?.[0];
    if (first === undefined) return undefined;
    const start = first - CANDIDATE_LOOKBACK_MS;
    return start < this.span.start ? { start, end: this.span.start } : undefined;
  }

  /** The estimates' total is rounded once to cents; the summary lists `UNMATCHED_PAYMENTS_LISTED`. */
  result() {
    const payments = this.#payments
      .sort((a, b) => a.atMs - b.atMs || compareText(a.id, b.id))
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

  /** Before the payments are read: whether the search reached into the period; after: was active at one. */
  #couldMatch(window: SearchWindow): boolean {
    const instants = this.#instants;
    if (instants === undefined)
      return window.createdMs < this.span.end && window.activeUntilMs >= this.span.start;
    const next = instants[partitionPoint(instants.length, (index) => instants[index]! < window.createdMs)];
    return next !== undefined && next <= window.activeUntilMs;
  }
}

/** As `summary.json` lists it: without the free text the service sent (the files and the page have it). */
function summaryEntry(payment: UnmatchedPaymentFacts) {
  const { walletName: _name, walletAddress: _address, candidates, ...rest } = payment;
  return { ...rest, candidates: candidates.map(({ serviceData: _serviceData, ...candidate }) => candidate) };
}

/** One project's report looks into no unmatched payments: it has the figures of none. */
export const NO_UNMATCHED = new UnmatchedCollector({ start: 0, end: 0 }).result();
