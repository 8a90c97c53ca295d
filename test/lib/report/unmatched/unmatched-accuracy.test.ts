import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../../lib/invoicing';
import { buildReport } from '../../../../lib/report/build-report';
import type { Report } from '../../../../lib/report/model';
import { type RunningSandbox, sandboxAccount, startSandbox } from '../../../../lib/sandbox';
import { generateMonth, type UnmatchedCase } from '../../../../lib/sandbox/month-generator';
import { rowBuilders } from '../support/records';

const NOW = new Date('2026-11-15T12:00:00Z');
const SEED = 7;
const PAID_PER_MONTH = 3_000;
// 2026-Q3 in UTC, and June: its last late case is paid on 1 July.
const MONTHS = [5, 6, 7, 8].map((monthIndex) => 2026 * 12 + monthIndex);
const Q3 = { start: Date.parse('2026-07-01T00:00:00Z'), end: Date.parse('2026-10-01T00:00:00Z') };
const HOUR = 3_600_000;

const atMs = (datetime: string) => Date.parse(`${datetime.replace(' ', 'T')}Z`);

/**
 * The report's estimates and candidates against what the sandbox knows: its unmatched payments of a
 * quarter, each with the invoice it was meant for (late, under- and over-payments) or none (stray),
 * and its USD value at the sandbox's rate of its moment. Three thousand paid invoices a month give each
 * payment a few other invoices waiting at the same time.
 */
describe('unmatched payments against the sandbox truth, through the real client', () => {
  let sandbox: RunningSandbox;
  let report: Report;
  let cases: UnmatchedCase[];
  /** Matched payments' instants by cryptocurrency, from the generated months. */
  const matchedAt = new Map<string, number[]>();

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      seed: SEED,
      now: NOW,
      paidPerMonth: PAID_PER_MONTH,
      unmatchedCases: true,
    });
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, pageSize: 1000 });
    report = await buildReport(
      client,
      { period: '2026-Q3', timezone: 'UTC' },
      { apiUrl: sandbox.url, now: NOW, rows: rowBuilders() },
    );
    const months = MONTHS.map((month) =>
      generateMonth({
        seed: SEED,
        month,
        paidPerMonth: PAID_PER_MONTH,
        nowSeconds: NOW.getTime() / 1000,
        account: sandboxAccount(SEED),
        unmatchedCases: true,
      }),
    );
    cases = months
      .flatMap((month) => month.cases!)
      .filter(
        (known) => atMs(known.transactionDatetime) >= Q3.start && atMs(known.transactionDatetime) < Q3.end,
      );
    for (const month of months) {
      for (const payment of month.payments) {
        if (payment.invoice === undefined) continue;
        const list = matchedAt.get(payment.wallet.cryptocurrency) ?? [];
        list.push(atMs(payment.transactionDatetime));
        matchedAt.set(payment.wallet.cryptocurrency, list);
      }
    }
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
  });

  const factsOf = (known: UnmatchedCase) => {
    const facts = report.unmatched.find((payment) => payment.id === known.paymentId);
    if (facts === undefined) throw new Error(`payment ${known.paymentId} is missing from the report`);
    return facts;
  };

  it('looks into every unmatched payment the sandbox made in the quarter', () => {
    expect(report.unmatched.map((payment) => payment.id).sort()).toEqual(
      cases.map((known) => known.paymentId).sort(),
    );
    // 8 late, 8 under- and 8 over-paid a month (the first late one of July's comes from June), and the strays.
    expect(cases.filter((known) => known.invoiceId !== null)).toHaveLength(72);
  });

  it('ranks the true invoice first for at least 90 % of the payments that have one', () => {
    const withInvoice = cases.filter((known) => known.invoiceId !== null);
    const first = withInvoice.filter((known) => factsOf(known).candidates[0]?.id === known.invoiceId);
    expect(first.length / withInvoice.length).toBeGreaterThanOrEqual(0.9);
  });

  it('calls every late payment of the exact amount likely for its invoice, the one made the month before included', () => {
    const late = cases.filter((known) => known.kind === 'late');
    expect(late.map((known) => factsOf(known).likelyInvoiceId)).toEqual(late.map((known) => known.invoiceId));
    expect(late.some((known) => known.transactionDatetime.startsWith('2026-07-01 00:'))).toBe(true);
  });

  it('gives no likely invoice to a payment that belongs to none', () => {
    const stray = cases.filter((known) => known.invoiceId === null);
    expect(stray.length).toBeGreaterThan(100);
    expect(stray.filter((known) => factsOf(known).likelyInvoiceId !== null)).toEqual([]);
  });

  it('estimates within 1 % of the true value where a matched payment of the coin is within an hour', () => {
    const near = cases.filter((known) =>
      (matchedAt.get(known.cryptocurrency) ?? []).some(
        (at) => Math.abs(at - atMs(known.transactionDatetime)) <= HOUR,
      ),
    );
    expect(near.length).toBeGreaterThan(20);
    const off = near.filter((known) => {
      const estimate = factsOf(known).estimate;
      return estimate === null || estimate.usd.minus(known.usd).abs().gt(new Big(known.usd).times('0.01'));
    });
    expect(off).toEqual([]);
  });
});
