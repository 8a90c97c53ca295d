import Big from 'big.js';
import type { DecimalString } from '../../invoicing';
import { percentChange } from '../money';
import type { InvoiceCandidate, UnmatchedPaymentFacts, UsdEstimate } from './model';
import type { SearchWindow } from './search-window';

/** Candidate invoices shown per unmatched payment, closest first. */
export const CANDIDATES_SHOWN = 3;

/**
 * How far from the estimate, in percent of the invoice's USD amount, a candidate may be and still be
 * called likely: 2 %. A customer who pays exactly what the payment page asked still lands off the
 * invoice's `amountFiatUSD` by how far the market moved between the invoice's creation and the payment
 * (and the estimate by how far it moved between the payment and the matched payments it comes from).
 * In the sandbox, whose market moves a few percent over nine days, 99 % of paid invoices in USD received
 * within 1.1 % of what they asked and 95 % within 0.2 %; real markets move more, about 1 % in an hour
 * on a busy day. Under- and over-payments (a fee the sender's exchange kept, an amount typed by hand)
 * are larger, several percent: such a payment still ranks its invoice first when nothing else is
 * closer, but is not called likely, since at that distance another invoice's amount is as good a
 * guess.
 */
export const LIKELY_TOLERANCE_PERCENT = 2;

/** An unmatched payment of the period with its estimate. */
export interface EstimatedPayment {
  id: string;
  transactionDatetime: string;
  /** Epoch milliseconds of `transactionDatetime`. */
  atMs: number;
  amount: DecimalString;
  cryptocurrency: string;
  walletName: string;
  hash: string;
  estimate: UsdEstimate | null;
}

/** A window active at the payment's time, scored against it. */
interface Scored {
  window: SearchWindow;
  amountUSD: Big;
  differenceUSD: Big | null;
  /** `|differenceUSD|`, compared across candidates by cross-multiplying with the amounts (no division). */
  distance: Big | null;
  /** Milliseconds from the invoice's creation to the payment. */
  after: number;
  close: boolean;
}

/**
 * For each unmatched payment, the invoices whose payment search was active at its
 * `transactionDatetime` (see `SearchWindow`; paid invoices are never among them), ranked: by the
 * difference between the estimate and the invoice's USD amount relative to that amount, then by time
 * from the invoice's creation to the payment (the nearer first), then by id; by time alone when there is
 * no estimate. The first `CANDIDATES_SHOWN` are kept.
 *
 * A candidate is the payment's likely invoice when it is the only one within
 * `LIKELY_TOLERANCE_PERCENT` of the estimate, it is not canceled (its search may have ended before the
 * payment came), and no other unmatched payment is within the tolerance of it too: two payments that
 * compete for one invoice leave both without a likely one, each candidate naming the other.
 */
export function matchCandidates(
  payments: readonly EstimatedPayment[],
  windows: readonly SearchWindow[],
): UnmatchedPaymentFacts[] {
  const active = activeWindowsLookup(windows);
  const closeTo = new Map<string, string[]>();
  const scoredPerPayment = payments.map((payment) => {
    const scored = active(payment.atMs).map((window) => score(window, payment));
    for (const candidate of scored) {
      if (!candidate.close) continue;
      const ids = closeTo.get(candidate.window.id);
      if (ids === undefined) closeTo.set(candidate.window.id, [payment.id]);
      else ids.push(payment.id);
    }
    return scored.sort(payment.estimate === null ? byTime : byDifferenceThenTime);
  });

  return payments.map((payment, index) => {
    const scored = scoredPerPayment[index]!;
    const close = scored.filter((candidate) => candidate.close);
    const only = close.length === 1 ? close[0]! : undefined;
    const likely =
      only !== undefined && only.window.status !== 'canceled' && closeTo.get(only.window.id)!.length === 1
        ? only.window.id
        : null;
    const candidates = scored.slice(0, CANDIDATES_SHOWN).map(
      (candidate): InvoiceCandidate => ({
        id: candidate.window.id,
        uid: candidate.window.uid,
        projectId: candidate.window.projectId,
        createDatetime: candidate.window.createDatetime,
        timeToPayDatetime: candidate.window.timeToPayDatetime,
        status: candidate.window.status,
        amountUSD: candidate.amountUSD,
        serviceData: candidate.window.serviceData,
        differenceUSD: candidate.differenceUSD,
        differencePercent:
          payment.estimate === null ? null : percentChange(payment.estimate.usd, candidate.amountUSD),
        likely: candidate.window.id === likely,
        alsoCloseTo: (closeTo.get(candidate.window.id) ?? []).filter((id) => id !== payment.id),
      }),
    );
    return {
      id: payment.id,
      transactionDatetime: payment.transactionDatetime,
      amount: payment.amount,
      cryptocurrency: payment.cryptocurrency,
      walletName: payment.walletName,
      hash: payment.hash,
      estimate: payment.estimate,
      candidates,
      candidateCount: scored.length,
      likelyInvoiceId: likely,
    };
  });
}

function score(window: SearchWindow, payment: EstimatedPayment): Scored {
  const amountUSD = new Big(window.amountUSD);
  const after = payment.atMs - window.createdMs;
  if (payment.estimate === null) {
    return { window, amountUSD, differenceUSD: null, distance: null, after, close: false };
  }
  const differenceUSD = payment.estimate.usd.minus(amountUSD);
  const distance = differenceUSD.abs();
  const close = amountUSD.gt(0) && distance.times(100).lte(amountUSD.times(LIKELY_TOLERANCE_PERCENT));
  return { window, amountUSD, differenceUSD, distance, after, close };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function byTime(a: Scored, b: Scored): number {
  return a.after - b.after || compareText(a.window.id, b.window.id);
}

/** `|d_a| / amount_a` against `|d_b| / amount_b` as `|d_a| * amount_b` against `|d_b| * amount_a`; 0 USD last. */
function byDifferenceThenTime(a: Scored, b: Scored): number {
  const aUsable = a.amountUSD.gt(0);
  const bUsable = b.amountUSD.gt(0);
  if (aUsable !== bUsable) return aUsable ? -1 : 1;
  if (aUsable) {
    const order = a.distance!.times(b.amountUSD).cmp(b.distance!.times(a.amountUSD));
    if (order !== 0) return order;
  }
  return byTime(a, b);
}

/**
 * A lookup of the windows active at an instant. Windows are sorted by creation: those with an end are
 * scanned back from the last created by the instant for as long as the longest of them could reach it;
 * those without (invoices still unpaid) are few, and checked each.
 */
function activeWindowsLookup(windows: readonly SearchWindow[]): (atMs: number) => SearchWindow[] {
  const ending = windows
    .filter((window) => Number.isFinite(window.activeUntilMs))
    .sort((a, b) => a.createdMs - b.createdMs);
  const unending = windows.filter((window) => !Number.isFinite(window.activeUntilMs));
  const longest = ending.reduce((most, window) => Math.max(most, window.activeUntilMs - window.createdMs), 0);
  return (atMs) => {
    const found = unending.filter((window) => window.createdMs <= atMs);
    // The first window created after the instant.
    let low = 0;
    let high = ending.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ending[middle]!.createdMs <= atMs) low = middle + 1;
      else high = middle;
    }
    for (let index = low - 1; index >= 0 && ending[index]!.createdMs >= atMs - longest; index--) {
      if (ending[index]!.activeUntilMs >= atMs) found.push(ending[index]!);
    }
    return found;
  };
}
