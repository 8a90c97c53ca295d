import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { InvoiceItem } from '../../../../lib/invoicing';
import {
  matchCandidates,
  type SearchWindow,
  searchWindowOf,
} from '../../../../lib/report/unmatched/match-candidates';
import type { EstimatedPayment } from '../../../../lib/report/unmatched/unmatched-collector';
import type { UsdEstimate } from '../../../../lib/report/unmatched/usd-estimate';
import { invoice, uuid } from '../support/records';

const estimate = (usd: string): UsdEstimate => ({
  usd: new Big(usd),
  rate: new Big('60000'),
  basis: { kind: 'matched-payments', payments: 5, withinSeconds: 600 },
});

function unmatched(id: number, transactionDatetime: string, usd: string | null): EstimatedPayment {
  return {
    id: uuid('9c', id),
    transactionDatetime,
    atMs: Date.parse(`${transactionDatetime.replace(' ', 'T')}Z`),
    amount: '0.001',
    cryptocurrency: 'BTC',
    walletName: 'Main BTC',
    walletAddress: 'bc1qexample',
    hash: `tx-${id}`,
    estimate: usd === null ? null : estimate(usd),
  };
}

/** An invoice not paid, made at `created`, due an hour later, of `usd`. */
function waiting(
  n: number,
  created: string,
  usd: string,
  status: InvoiceItem['status'] = 'expired',
): SearchWindow {
  return searchWindowOf(
    invoice(created, { id: uuid('1c', n), status, amountFiatUSD: usd, amountFiat: usd }),
  )!;
}

describe('matchCandidates', () => {
  it('ranks the invoices active at the payment by relative difference, and calls the one within 2 % likely', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '98.50')],
      [
        waiting(1, '2026-10-05 12:00:00', '100'), // −1.5 %
        waiting(2, '2026-10-05 12:10:00', '90'), // +9.4 %
        waiting(3, '2026-10-05 12:20:00', '1000'), // −90.2 %
        waiting(4, '2026-10-05 11:50:00', '120'), // −17.9 %
        // Not active at 12:30: made after it, and past its grace hour (due 10:00, searched until 11:00).
        waiting(5, '2026-10-05 12:31:00', '98.5'),
        waiting(6, '2026-10-05 09:00:00', '98.5'),
      ],
    );
    expect(facts!.candidateCount).toBe(4);
    expect(facts!.candidates.map((candidate) => candidate.id)).toEqual([
      uuid('1c', 1),
      uuid('1c', 2),
      uuid('1c', 4),
    ]);
    expect(
      facts!.candidates.map((candidate) => [
        candidate.differenceUSD?.toFixed(),
        candidate.differencePercent?.toFixed(),
        candidate.likely,
      ]),
    ).toEqual([
      ['-1.5', '-1.5', true],
      ['8.5', '9.4', false],
      ['-21.5', '-17.9', false],
    ]);
    expect(facts!.likelyInvoiceId).toBe(uuid('1c', 1));
  });

  it('counts the grace hour after the deadline, both ends included, and an unpaid invoice to now', () => {
    const payments = [unmatched(1, '2026-10-05 14:00:00', '50')];
    const [facts] = matchCandidates(payments, [
      waiting(1, '2026-10-05 12:00:00', '50'), // due 13:00, searched until 14:00 exactly
      waiting(2, '2026-10-01 12:00:00', '500', 'unpaid'),
    ]);
    expect(facts!.candidates.map((candidate) => candidate.id)).toEqual([uuid('1c', 1), uuid('1c', 2)]);
  });

  it('never offers an invoice paid by another payment', () => {
    const paid = invoice('2026-10-05 12:00:00', { amountFiatUSD: '50' });
    expect(searchWindowOf(paid)).toBeUndefined();
  });

  it('counts exactly 2 % as within the tolerance, and a cent more as beyond it', () => {
    const facts = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '102'), unmatched(2, '2026-10-05 12:30:00', '102.01')],
      [waiting(1, '2026-10-05 12:00:00', '100')],
    );
    expect(facts.map((payment) => payment.candidates[0]!.differencePercent?.toFixed())).toEqual(['2', '2']);
    expect(facts.map((payment) => payment.likelyInvoiceId)).toEqual([uuid('1c', 1), null]);
  });

  it('ranks two equally far by time, the later made first', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '110')],
      [waiting(1, '2026-10-05 12:00:00', '100'), waiting(2, '2026-10-05 12:10:00', '100')],
    );
    expect(facts!.candidates.map((candidate) => candidate.id)).toEqual([uuid('1c', 2), uuid('1c', 1)]);
  });

  it('calls none likely when two are within 2 %', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '100')],
      [waiting(1, '2026-10-05 12:00:00', '101'), waiting(2, '2026-10-05 12:10:00', '99.5')],
    );
    // 0.5 % before 1 %.
    expect(facts!.candidates.map((candidate) => candidate.id)).toEqual([uuid('1c', 2), uuid('1c', 1)]);
    expect(facts!.likelyInvoiceId).toBeNull();
  });

  it('leaves two unmatched payments competing for one invoice without a likely one, each naming the other', () => {
    const first = unmatched(1, '2026-10-05 12:20:00', '100.5');
    const second = unmatched(2, '2026-10-05 12:40:00', '99.9');
    const facts = matchCandidates([first, second], [waiting(1, '2026-10-05 12:00:00', '100')]);
    expect(facts.map((payment) => payment.likelyInvoiceId)).toEqual([null, null]);
    expect(facts.map((payment) => payment.candidates[0]!.alsoCloseTo)).toEqual([[second.id], [first.id]]);
  });

  it('still calls an invoice likely for one payment when the other payment is far from it', () => {
    const first = unmatched(1, '2026-10-05 12:20:00', '100.5');
    const second = unmatched(2, '2026-10-05 12:40:00', '40');
    const facts = matchCandidates([first, second], [waiting(1, '2026-10-05 12:00:00', '100')]);
    expect(facts.map((payment) => payment.likelyInvoiceId)).toEqual([uuid('1c', 1), null]);
  });

  it('never calls a canceled invoice likely, since its search may have ended before the payment', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '100')],
      [waiting(1, '2026-10-05 12:00:00', '100', 'canceled')],
    );
    expect(facts!.candidates.map((candidate) => [candidate.status, candidate.likely])).toEqual([
      ['canceled', false],
    ]);
    expect(facts!.likelyInvoiceId).toBeNull();
  });

  it('ranks by time alone without an estimate, the latest made first, and calls none likely', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', null)],
      [
        waiting(1, '2026-10-05 12:00:00', '100'),
        waiting(2, '2026-10-05 12:25:00', '7'),
        waiting(3, '2026-10-05 12:10:00', '55'),
        waiting(4, '2026-10-05 11:45:00', '20'),
      ],
    );
    expect(facts!.candidates.map((candidate) => candidate.id)).toEqual([
      uuid('1c', 2),
      uuid('1c', 3),
      uuid('1c', 1),
    ]);
    expect(
      facts!.candidates.map((candidate) => [candidate.differenceUSD, candidate.differencePercent]),
    ).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(facts!.candidateCount).toBe(4);
    expect(facts!.likelyInvoiceId).toBeNull();
  });

  it('puts an invoice of 0 USD last and never calls it likely', () => {
    const [facts] = matchCandidates(
      [unmatched(1, '2026-10-05 12:30:00', '0.01')],
      [waiting(1, '2026-10-05 12:20:00', '0'), waiting(2, '2026-10-05 12:00:00', '5000')],
    );
    expect(
      facts!.candidates.map((candidate) => [candidate.id, candidate.differencePercent?.toFixed() ?? null]),
    ).toEqual([
      [uuid('1c', 2), '-100'],
      [uuid('1c', 1), null],
    ]);
    expect(facts!.likelyInvoiceId).toBeNull();
  });

  it('finds the windows of a long-lived invoice among many short ones', () => {
    const windows = Array.from({ length: 50 }, (_, n) =>
      waiting(
        n + 10,
        `2026-10-0${1 + Math.floor(n / 10)} ${String(10 + (n % 10)).padStart(2, '0')}:00:00`,
        '5',
      ),
    );
    const long = searchWindowOf(
      invoice('2026-09-28 00:00:00', {
        id: uuid('1c', 1),
        status: 'expired',
        amountFiatUSD: '77',
        timeToPayDatetime: '2026-10-10 00:00:00',
      }),
    )!;
    const [facts] = matchCandidates([unmatched(1, '2026-10-03 10:30:00', '77')], [...windows, long]);
    // 10:00 on 3 October (due 11:00) and the long one.
    expect(facts!.candidateCount).toBe(2);
    expect(facts!.likelyInvoiceId).toBe(uuid('1c', 1));
  });
});
