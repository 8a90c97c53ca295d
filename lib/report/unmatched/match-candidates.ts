import Big from 'big.js';
import { millisecondsInDay } from 'date-fns/constants';
import { type InvoiceItem, PAYMENT_SEARCH_GRACE_MS } from '../../invoicing';
import { parseServiceDatetime } from '../../period';
import { compareText, entryOf, FirstInOrder, partitionPoint } from '../collections';
import { doubleOrder, percentChange } from '../money';
import type { EstimatedPayment } from './unmatched-collector';

/** Candidate invoices shown per unmatched payment, closest first. */
export const CANDIDATES_SHOWN = 3;

/**
 * How far from the estimate, in percent of its USD amount, the one likely invoice may be: an exact payment
 * is off by the market's move (the sandbox's paid USD invoices: 99 % within 1.1 %; markets: about 1 % an
 * hour on a busy day). Mispayments (fees, typed amounts) are several percent: ranked, not called likely.
 */
export const LIKELY_TOLERANCE_PERCENT = 2;

/**
 * How far before the first unmatched payment earlier invoices (not paid) are looked for: invoices are due
 * within a day (the sandbox's longest); a week covers merchants who give longer.
 */
export const CANDIDATE_LOOKBACK_MS = 7 * millisecondsInDay;

/**
 * What is kept of an invoice not paid: what to show, and `activeUntilMs`, the search's last possible instant
 * (an hour after `timeToPayDatetime`, `Infinity` while `unpaid`). The service does not say when a `canceled`
 * one was canceled: it gets an expired one's window and is never called likely.
 */
export function searchWindowOf(invoice: InvoiceItem) {
  if (invoice.status === 'paid') return undefined;
  return {
    id: invoice.id,
    uid: invoice.uid,
    projectId: invoice.projectId,
    createDatetime: invoice.createDatetime,
    timeToPayDatetime: invoice.timeToPayDatetime,
    status: invoice.status,
    amountUSD: invoice.amountFiatUSD,
    serviceData: invoice.serviceData,
    createdMs: parseServiceDatetime(invoice.createDatetime),
    activeUntilMs:
      invoice.status === 'unpaid'
        ? Number.POSITIVE_INFINITY
        : parseServiceDatetime(invoice.timeToPayDatetime) + PAYMENT_SEARCH_GRACE_MS,
  };
}

export type SearchWindow = NonNullable<ReturnType<typeof searchWindowOf>>;

type Prepared = { window: SearchWindow; amountUSD: Big; amount: number };

const TOLERANCE = LIKELY_TOLERANCE_PERCENT / 100;

/**
 * For each unmatched payment, the invoices whose search was active then, ranked by the estimate's difference
 * relative to their USD amount, then time from creation, then id (without an estimate, by time). Likely: the
 * only one within `LIKELY_TOLERANCE_PERCENT`, not canceled, and within it of no other unmatched payment
 * (`alsoCloseTo` names those). Each keeps its first `CANDIDATES_SHOWN` and their count.
 */
export function matchCandidates(payments: readonly EstimatedPayment[], windows: readonly SearchWindow[]) {
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
      entryOf(closeTo, prepared.window.id, () => []).push(payment.id);
    }
    return { shown: first.list(), close, count };
  });

  return payments.map((payment, index) => {
    const { shown, close, count } = ranked[index]!;
    const only = close.length === 1 ? close[0]!.prepared.window : undefined;
    const likely =
      only !== undefined && only.status !== 'canceled' && closeTo.get(only.id)!.length === 1 ? only.id : null;
    const estimate = payment.estimate?.usd;
    const candidates = shown.map(({ prepared: { window, amountUSD } }) => {
      const { createdMs: _created, activeUntilMs: _until, ...fields } = window;
      return {
        ...fields,
        amountUSD,
        differenceUSD: estimate === undefined ? null : estimate.minus(amountUSD),
        differencePercent: estimate === undefined ? null : percentChange(estimate, amountUSD),
        likely: window.id === likely,
        alsoCloseTo: (closeTo.get(window.id) ?? []).filter((id) => id !== payment.id),
      };
    });
    const { atMs: _at, ...fields } = payment;
    return { ...fields, candidates, candidateCount: count, likelyInvoiceId: likely };
  });
}

/** `relative` is `|estimate - amount| / amount` (`Infinity` for 0 USD, `0` without an estimate). */
function score(prepared: Prepared, atMs: number, estimated: { exact: Big; approximate: number } | undefined) {
  const after = atMs - prepared.window.createdMs;
  if (estimated === undefined) return { prepared, relative: 0, after, close: false };
  if (prepared.amount <= 0) return { prepared, relative: Number.POSITIVE_INFINITY, after, close: false };
  const estimate = estimated.exact;
  const relative = Math.abs(estimated.approximate - prepared.amount) / prepared.amount;
  const close =
    (doubleOrder(relative, TOLERANCE) ||
      estimate
        .minus(prepared.amountUSD)
        .abs()
        .times(100)
        .cmp(prepared.amountUSD.times(LIKELY_TOLERANCE_PERCENT))) <= 0;
  return { prepared, relative, after, close };
}

type Scored = ReturnType<typeof score>;

const byTime = (a: Scored, b: Scored): number =>
  a.after - b.after || compareText(a.prepared.window.id, b.prepared.window.id);

/** Doubles too close to tell apart are compared exactly: `|d_a| * amount_b` against `|d_b| * amount_a`. */
const byDifferenceThenTime =
  (estimate: Big) =>
  (a: Scored, b: Scored): number => {
    const differenceOrder =
      a.relative === b.relative
        ? 0
        : doubleOrder(a.relative, b.relative) ||
          estimate
            .minus(a.prepared.amountUSD)
            .abs()
            .times(b.prepared.amountUSD)
            .cmp(estimate.minus(b.prepared.amountUSD).abs().times(a.prepared.amountUSD));
    return differenceOrder || byTime(a, b);
  };

/** Windows with an end, by creation, scanned back from the instant as far as the longest reaches. */
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
    const after = partitionPoint(ending.length, (index) => ending[index]!.window.createdMs <= atMs);
    for (let index = after - 1; index >= 0 && ending[index]!.window.createdMs >= atMs - longest; index--) {
      if (ending[index]!.window.activeUntilMs >= atMs) found.push(ending[index]!);
    }
    return found;
  };
}

export type UnmatchedPaymentFacts = ReturnType<typeof matchCandidates>[number];
export type InvoiceCandidate = UnmatchedPaymentFacts['candidates'][number];
