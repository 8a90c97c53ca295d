import Big from 'big.js';
import { FirstInOrder } from '../first-in-order';
import { percentChange } from '../money';
import type { EstimatedPaymentFields, InvoiceCandidate, UnmatchedPaymentFacts } from './model';
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

/** An unmatched payment with its estimate and its time read once. */
export interface EstimatedPayment extends EstimatedPaymentFields {
  /** Epoch milliseconds of `transactionDatetime`. */
  atMs: number;
}

/** A window with its USD amount read once, exactly and as a double. */
interface Prepared {
  window: SearchWindow;
  amountUSD: Big;
  amount: number;
}

/** A window active at the payment's time, scored against it. */
interface Scored {
  prepared: Prepared;
  /**
   * `|estimate - amount| / amount` as a double, to rank by (`Infinity` for an invoice of 0 USD, `0`
   * without an estimate); two that a double cannot tell apart are compared exactly.
   */
  relative: number;
  /** Milliseconds from the invoice's creation to the payment. */
  after: number;
  close: boolean;
}

/** Doubles this close, relatively, are compared again exactly. */
const NEAR = 1e-9;
const TOLERANCE = LIKELY_TOLERANCE_PERCENT / 100;

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
  const active = activeWindowsLookup(
    windows.map((window) => {
      const amountUSD = new Big(window.amountUSD);
      return { window, amountUSD, amount: amountUSD.toNumber() };
    }),
  );
  const closeTo = new Map<string, string[]>();
  const ranked = payments.map((payment) => {
    const estimate = payment.estimate?.usd;
    const estimated =
      estimate === undefined ? undefined : { exact: estimate, approximate: estimate.toNumber() };
    const compare = estimate === undefined ? byTime : byDifferenceThenTime(estimate);
    const first = new FirstInOrder<Scored>(CANDIDATES_SHOWN, compare);
    const close: Scored[] = [];
    let count = 0;
    for (const prepared of active(payment.atMs)) {
      const scored = score(prepared, payment.atMs, estimated);
      count += 1;
      first.add(scored);
      if (!scored.close) continue;
      close.push(scored);
      const ids = closeTo.get(prepared.window.id);
      if (ids === undefined) closeTo.set(prepared.window.id, [payment.id]);
      else ids.push(payment.id);
    }
    return { shown: first.list(), close, count };
  });

  return payments.map((payment, index) => {
    const { shown, close, count } = ranked[index]!;
    const only = close.length === 1 ? close[0]!.prepared.window : undefined;
    const likely =
      only !== undefined && only.status !== 'canceled' && closeTo.get(only.id)!.length === 1 ? only.id : null;
    const estimate = payment.estimate?.usd;
    const candidates = shown.map(
      ({ prepared: { window, amountUSD } }): InvoiceCandidate => ({
        id: window.id,
        uid: window.uid,
        projectId: window.projectId,
        createDatetime: window.createDatetime,
        timeToPayDatetime: window.timeToPayDatetime,
        status: window.status,
        amountUSD,
        serviceData: window.serviceData,
        differenceUSD: estimate === undefined ? null : estimate.minus(amountUSD),
        differencePercent: estimate === undefined ? null : percentChange(estimate, amountUSD),
        likely: window.id === likely,
        alsoCloseTo: (closeTo.get(window.id) ?? []).filter((id) => id !== payment.id),
      }),
    );
    return {
      id: payment.id,
      transactionDatetime: payment.transactionDatetime,
      amount: payment.amount,
      cryptocurrency: payment.cryptocurrency,
      walletName: payment.walletName,
      walletAddress: payment.walletAddress,
      hash: payment.hash,
      estimate: payment.estimate,
      candidates,
      candidateCount: count,
      likelyInvoiceId: likely,
    };
  });
}

function score(
  prepared: Prepared,
  atMs: number,
  estimated: { exact: Big; approximate: number } | undefined,
): Scored {
  const after = atMs - prepared.window.createdMs;
  if (estimated === undefined) return { prepared, relative: 0, after, close: false };
  if (prepared.amount <= 0) return { prepared, relative: Number.POSITIVE_INFINITY, after, close: false };
  const estimate = estimated.exact;
  const relative = Math.abs(estimated.approximate - prepared.amount) / prepared.amount;
  const close =
    Math.abs(relative - TOLERANCE) > NEAR
      ? relative < TOLERANCE
      : estimate
          .minus(prepared.amountUSD)
          .abs()
          .times(100)
          .lte(prepared.amountUSD.times(LIKELY_TOLERANCE_PERCENT));
  return { prepared, relative, after, close };
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function byTime(a: Scored, b: Scored): number {
  return a.after - b.after || compareText(a.prepared.window.id, b.prepared.window.id);
}

/**
 * By relative difference to the estimate, then time. Doubles too close to tell apart are compared
 * exactly: `|d_a| / amount_a` against `|d_b| / amount_b` as `|d_a| * amount_b` against `|d_b| * amount_a`.
 */
const byDifferenceThenTime =
  (estimate: Big) =>
  (a: Scored, b: Scored): number => {
    if (a.relative !== b.relative) {
      const gap = Math.abs(a.relative - b.relative);
      if (!Number.isFinite(gap) || gap > NEAR * Math.max(a.relative, b.relative))
        return a.relative - b.relative;
      const order = estimate
        .minus(a.prepared.amountUSD)
        .abs()
        .times(b.prepared.amountUSD)
        .cmp(estimate.minus(b.prepared.amountUSD).abs().times(a.prepared.amountUSD));
      if (order !== 0) return order;
    }
    return byTime(a, b);
  };

/**
 * A lookup of the windows active at an instant. Windows are sorted by creation: those with an end are
 * scanned back from the last created by the instant for as long as the longest of them could reach it;
 * those without (invoices still unpaid) are few, and checked each.
 */
function activeWindowsLookup(windows: readonly Prepared[]): (atMs: number) => Prepared[] {
  const ending = windows
    .filter(({ window }) => Number.isFinite(window.activeUntilMs))
    .sort((a, b) => a.window.createdMs - b.window.createdMs);
  const unending = windows.filter(({ window }) => !Number.isFinite(window.activeUntilMs));
  const longest = ending.reduce(
    (most, { window }) => Math.max(most, window.activeUntilMs - window.createdMs),
    0,
  );
  return (atMs) => {
    const found = unending.filter(({ window }) => window.createdMs <= atMs);
    // The first window created after the instant.
    let low = 0;
    let high = ending.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ending[middle]!.window.createdMs <= atMs) low = middle + 1;
      else high = middle;
    }
    for (let index = low - 1; index >= 0 && ending[index]!.window.createdMs >= atMs - longest; index--) {
      if (ending[index]!.window.activeUntilMs >= atMs) found.push(ending[index]!);
    }
    return found;
  };
}
