import Big from 'big.js';
import { millisecondsInDay } from 'date-fns/constants';
import { type InvoiceItem, PAYMENT_SEARCH_GRACE_MS } from '../../invoicing';
import { parseServiceDatetime } from '../../period';
import { compareText, FirstInOrder, partitionPoint } from '../collections';
import { doubleOrder, percentChange } from '../money';
import type { EstimatedPayment } from './unmatched-collector';

/** Candidate invoices shown per unmatched payment, closest first. */
export const CANDIDATES_SHOWN = 3;

/**
 * How far from the estimate, in percent of the invoice's USD amount, the one likely candidate may be.
 * A payment of exactly what was asked still lands off by how far the market moved meanwhile: in the
 * sandbox 99 % of paid USD invoices received within 1.1 % of what they asked; real markets move about
 * 1 % in an hour on a busy day. Under- and over-payments (fees, amounts typed by hand) are several
 * percent: their invoice still ranks first when nothing is closer, but is not called likely.
 */
export const LIKELY_TOLERANCE_PERCENT = 2;

/**
 * How far before the period's first unmatched payment an invoice created before the period is looked
 * for: invoices are usually due within a day (the sandbox's longest lifetime); a week covers merchants
 * who give longer, and only invoices not paid are fetched for it.
 */
const CANDIDATE_LOOKBACK_DAYS = 7;
export const CANDIDATE_LOOKBACK_MS = CANDIDATE_LOOKBACK_DAYS * millisecondsInDay;

/**
 * What the report keeps of an invoice not paid (`undefined` for a paid one): when its payment search was
 * active, and what to show. `activeUntilMs` is the last instant the search may have been active: an hour
 * after `timeToPayDatetime`, or `Infinity` for an invoice still `unpaid`. A `canceled` invoice's search
 * ended when it was canceled, which the service does not say: it gets an expired one's window and is
 * never called likely.
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

interface Prepared {
  window: SearchWindow;
  amountUSD: Big;
  amount: number;
}

const TOLERANCE = LIKELY_TOLERANCE_PERCENT / 100;

/**
 * For each unmatched payment, the invoices whose payment search was active at its time, ranked by the
 * estimate's difference relative to the invoice's USD amount, then by time from creation (nearer first),
 * then id; by time alone without an estimate. A candidate is likely when it is the only one within
 * `LIKELY_TOLERANCE_PERCENT`, is not canceled, and no other unmatched payment is within the tolerance of
 * it: two payments competing for one invoice leave both without a likely one.
 *
 * Each payment keeps its first `CANDIDATES_SHOWN` and their count. A candidate's `differenceUSD` is the
 * estimate minus its `amountUSD` (negative when the payment looks short), `differencePercent` that in
 * percent of `amountUSD` to one decimal (`null` for 0 USD); both `null` without an estimate.
 * `alsoCloseTo` names the other unmatched payments within the tolerance of it.
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

/**
 * A window active at the payment's time, scored against it: `relative` is `|estimate - amount| / amount`
 * (`Infinity` for 0 USD, `0` without an estimate).
 */
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

/**
 * The windows active at an instant: those with an end, sorted by creation, are scanned back from the
 * last created by then for as long as the longest could reach; those without (still unpaid) are few.
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
    const after = partitionPoint(ending.length, (index) => ending[index]!.window.createdMs <= atMs);
    for (let index = after - 1; index >= 0 && ending[index]!.window.createdMs >= atMs - longest; index--) {
      if (ending[index]!.window.activeUntilMs >= atMs) found.push(ending[index]!);
    }
    return found;
  };
}

export type UnmatchedPaymentFacts = ReturnType<typeof matchCandidates>[number];
export type InvoiceCandidate = UnmatchedPaymentFacts['candidates'][number];
