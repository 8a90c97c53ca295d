import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../../lib/invoicing';
import { buildReport } from '../../../../lib/report/build-report';
import type { Report } from '../../../../lib/report/model';
import { summaryToJson } from '../../../../lib/report/model';
import { type RunningSandbox, type ServedPage, startSandbox } from '../../../../lib/sandbox';
import {
  asServiceJson,
  invoice,
  invoiceBlock,
  payment,
  rowBuilders,
  USDT_WALLET,
  uuid,
} from '../support/records';

const LTC_WALLET = { ...USDT_WALLET, id: uuid('3a11e7', 3), name: 'Litecoin', cryptocurrency: 'LTC' };

/** A paid invoice of `usd` and its matched BTC payment of `btc` at `paidAt`: 60,000 USD a BTC throughout. */
function paidWithBtc(n: number, paidAt: string, btc: string, usd: string) {
  const paid = invoice(paidAt, { id: uuid('1f', n), amountFiatUSD: usd, amountFiat: usd });
  return {
    invoice: paid,
    payment: payment(paidAt, { id: uuid('9f', n), amount: btc, invoice: invoiceBlock(paid) }),
  };
}

const notPaid = (n: number, created: string, usd: string, overrides: Parameters<typeof invoice>[1] = {}) =>
  invoice(created, {
    id: uuid('1c', n),
    uid: `WAIT-${n}`,
    status: 'expired',
    amountFiatUSD: usd,
    amountFiat: usd,
    ...overrides,
  });

// October 2026 in UTC.
const matched = [
  paidWithBtc(1, '2026-10-01 00:05:00', '0.001', '60'),
  paidWithBtc(2, '2026-10-01 00:40:00', '0.001', '60'),
  paidWithBtc(3, '2026-10-15 11:50:00', '0.001', '60'),
  paidWithBtc(5, '2026-10-15 12:20:00', '0.003', '180'),
];
// Made 11:40, paid 12:10 by another payment for exactly what u2 is worth: never a candidate.
const paidByAnother = paidWithBtc(4, '2026-10-15 12:10:00', '0.002', '120');
paidByAnother.invoice.createDatetime = '2026-10-15 11:40:00';

const waiting = {
  // Made two days before October, due at its first instant, searched until 01:00.
  previousPeriod: notPaid(1, '2026-09-29 12:00:00', '90.9', {
    timeToPayDatetime: '2026-10-01 00:00:00',
    serviceData: 'ORD-1001',
  }),
  firstHour: notPaid(2, '2026-10-01 00:00:00', '45'),
  beside: notPaid(3, '2026-10-15 11:30:00', '121'),
  older: notPaid(4, '2026-10-20 09:00:00', '100'),
  newer: notPaid(5, '2026-10-20 09:45:00', '200'),
  unpaid: notPaid(6, '2026-10-25 07:30:00', '50', {
    status: 'unpaid',
    timeToPayDatetime: '2026-12-31 00:00:00',
  }),
};

const u = {
  afterPreviousPeriod: payment('2026-10-01 00:30:00', { id: uuid('9c', 1), amount: '0.0015' }),
  besidePaid: payment('2026-10-15 12:00:00', { id: uuid('9c', 2), amount: '0.002' }),
  noRate: payment('2026-10-20 10:00:00', { id: uuid('9c', 3), amount: '1.5', wallet: LTC_WALLET }),
  stablecoin: payment('2026-10-25 08:00:00', { id: uuid('9c', 4), amount: '49.5', wallet: USDT_WALLET }),
};

describe('the unmatched payments of a report, against the sandbox through the real client', () => {
  let sandbox: RunningSandbox;
  let report: Report;
  const served: ServedPage[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      dataset: {
        invoices: [...matched, paidByAnother]
          .map((pair) => pair.invoice)
          .concat(Object.values(waiting))
          .map(asServiceJson),
        payments: [...matched, paidByAnother]
          .map((pair) => pair.payment)
          .concat(Object.values(u))
          .map(asServiceJson),
      },
      onPageServed: (page) => served.push(page),
    });
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, pageSize: 3 });
    report = await buildReport(
      client,
      { period: '2026-10', timezone: 'UTC' },
      { apiUrl: sandbox.url, now: new Date('2026-11-02T00:00:00Z'), rows: rowBuilders() },
    );
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  const facts = (id: string) => report.unmatched.find((payment) => payment.id === id)!;

  it('finds a candidate made in the previous period, fetching the invoices not paid of the week before', () => {
    const { estimate, candidates, likelyInvoiceId } = facts(u.afterPreviousPeriod.id);
    // 0.0015 BTC at 60,000 USD, from 00:40 (10 minutes away) and 00:05 (25 minutes).
    expect(estimate?.usd.toFixed()).toBe('90');
    expect(estimate?.basis).toEqual({ kind: 'matched-payments', payments: 2, withinSeconds: 1500 });
    expect(candidates.map((candidate) => [candidate.uid, candidate.differencePercent?.toFixed()])).toEqual([
      ['WAIT-1', '-1'],
      ['WAIT-2', '100'],
    ]);
    expect(likelyInvoiceId).toBe(waiting.previousPeriod.id);
    expect(candidates[0]!.serviceData).toBe('ORD-1001');
    // A week before 1 Oct 00:30 is 24 Sep 00:30; its day begins in some zone by 23 Sep 12:30 UTC. The
    // period's start, 1 Oct 00:00, may be read as late as 1 Oct 14:00 UTC: up to 2 October.
    const earlier = served.filter(
      (page) =>
        page.endpoint === '/invoices/list' &&
        page.filter.status !== undefined &&
        page.filter.status !== 'paid',
    );
    expect(
      new Set(earlier.map((page) => `${page.filter.status} ${page.filter.startDate} ${page.filter.endDate}`)),
    ).toEqual(
      new Set([
        'unpaid 2026-09-23 2026-10-02',
        'expired 2026-09-23 2026-10-02',
        'canceled 2026-09-23 2026-10-02',
      ]),
    );
  });

  it('never offers an invoice paid by another payment, and counts that payment in the rate', () => {
    const { estimate, candidates, likelyInvoiceId } = facts(u.besidePaid.id);
    // 11:50, 12:10 and 12:20: (60 + 120 + 180) / (0.001 + 0.002 + 0.003) = 60,000 USD a BTC.
    expect(estimate?.usd.toFixed()).toBe('120');
    expect(estimate?.basis).toEqual({ kind: 'matched-payments', payments: 3, withinSeconds: 1200 });
    expect(candidates.map((candidate) => candidate.id)).toEqual([waiting.beside.id]);
    expect(likelyInvoiceId).toBe(waiting.beside.id);
  });

  it('has no estimate without a matched payment of the cryptocurrency, and ranks by time alone', () => {
    const { estimate, candidates, likelyInvoiceId } = facts(u.noRate.id);
    expect(estimate).toBeNull();
    expect(candidates.map((candidate) => candidate.uid)).toEqual(['WAIT-5', 'WAIT-4']);
    expect(likelyInvoiceId).toBeNull();
  });

  it('takes a stablecoin with no matched payment of it at 1 USD', () => {
    const { estimate, candidates, likelyInvoiceId } = facts(u.stablecoin.id);
    expect(estimate).toMatchObject({ basis: { kind: 'stablecoin-par' } });
    expect(estimate?.usd.toFixed()).toBe('49.5');
    expect(candidates.map((candidate) => [candidate.uid, candidate.status])).toEqual([['WAIT-6', 'unpaid']]);
    expect(likelyInvoiceId).toBe(waiting.unpaid.id);
  });

  it('adds the estimates up in the summary, labelled as estimated, and lists the payments by time', () => {
    const { payments } = report.summary;
    expect(payments.unmatched).toBe(4);
    // 90 + 120 + 49.50
    expect(payments.unmatchedEstimatedUSD.toFixed()).toBe('259.5');
    expect(payments.unmatchedEstimated).toBe(3);
    expect(payments.unmatchedWithLikelyInvoice).toBe(3);
    // summary.json holds no free text from the service: no wallet name, no reference (ORD-1001).
    expect(payments.unmatchedPayments[0]).not.toHaveProperty('walletName');
    expect(payments.unmatchedPayments[0]!.candidates[0]).not.toHaveProperty('serviceData');
    expect(payments.unmatchedPayments[0]!.candidates[0]).toMatchObject({ uid: 'WAIT-1', likely: true });
    expect(summaryToJson(report.summary)).not.toContain('ORD-1001');
    expect(payments.unmatchedPayments.map((payment) => payment.id)).toEqual(
      Object.values(u).map((payment) => payment.id),
    );
  });

  it('looks into no unmatched payment in a project report, which leaves them out', async () => {
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const project = await buildReport(
      client,
      { period: '2026-10', timezone: 'UTC', projectId: waiting.beside.projectId },
      { apiUrl: sandbox.url, now: new Date('2026-11-02T00:00:00Z'), rows: rowBuilders() },
    );
    expect(project.unmatched).toEqual([]);
    expect(project.summary.payments).toMatchObject({ unmatchedEstimated: 0, unmatchedPayments: [] });
    expect(project.summary.payments.unmatchedEstimatedUSD.toFixed()).toBe('0');
  });
});
