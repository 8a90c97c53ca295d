import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../lib/invoicing';
import { buildReport } from '../../../lib/report/build-report';
import type { Report } from '../../../lib/report/model';
import { summaryToJson } from '../../../lib/report/model';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';
import {
  asServiceJson,
  invoice,
  invoiceBlock,
  PROJECT_B,
  payment,
  rowBuilders,
  USDT_WALLET,
  uuid,
} from './support/records';

// March 2026 in Berlin: [2026-02-28 23:00:00, 2026-03-31 22:00:00) UTC.
const i = {
  lastOfFebruary: invoice('2026-02-28 22:59:59', {
    id: uuid('1e', 1),
    amountFiatUSD: '100',
    amountFiat: '100',
  }),
  firstOfMarch: invoice('2026-02-28 23:00:00', {
    id: uuid('1e', 2),
    currencyFiat: 'EUR',
    amountFiat: '18.5',
    amountFiatUSD: '20.01',
    commissionFiatUSD: '0.2',
  }),
  yen: invoice('2026-03-15 12:00:00', {
    id: uuid('1e', 3),
    projectId: PROJECT_B,
    currencyFiat: 'JPY',
    amountFiat: '1500',
    amountFiatUSD: '10.05',
    commissionFiatUSD: '0.1',
  }),
  unpaid: invoice('2026-03-20 08:00:00', { id: uuid('1e', 4), status: 'unpaid', amountFiatUSD: '50' }),
  lastOfMarch: invoice('2026-03-31 21:59:59', {
    id: uuid('1e', 5),
    amountFiatUSD: '0.1',
    amountFiat: '0.1',
    commissionFiatUSD: '0.001',
    timeToPayDatetime: '2026-03-31 21:00:00',
  }),
  firstOfApril: invoice('2026-03-31 22:00:00', {
    id: uuid('1e', 6),
    amountFiatUSD: '1000',
    amountFiat: '1000',
  }),
  february: invoice('2026-02-10 10:00:00', { id: uuid('1e', 7), amountFiatUSD: '40', amountFiat: '40' }),
};
const p = {
  firstOfMarch: payment('2026-02-28 23:00:00', { id: uuid('9e', 1), amount: '0.00000001' }),
  late: payment('2026-03-31 21:30:00', {
    id: uuid('9e', 2),
    amount: '0.00000094',
    invoice: invoiceBlock(i.lastOfMarch),
  }),
  firstOfApril: payment('2026-03-31 22:00:00', { id: uuid('9e', 3), amount: '1' }),
  yen: payment('2026-03-15 12:05:00', {
    id: uuid('9e', 4),
    amount: '10.05',
    wallet: USDT_WALLET,
    invoice: invoiceBlock(i.yen),
  }),
};

describe('buildReport against the sandbox, through the real client', () => {
  let sandbox: RunningSandbox;
  let report: Report;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      dataset: {
        invoices: Object.values(i).map(asServiceJson),
        payments: Object.values(p).map(asServiceJson),
      },
    });
    // A small page size makes the client page through the lists.
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, pageSize: 2 });
    report = await buildReport(
      client,
      { period: '2026-03', timezone: 'Europe/Berlin' },
      { apiUrl: sandbox.url, now: new Date('2026-04-01T06:00:00Z'), rows: rowBuilders() },
    );
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('adds up the month invoices in Berlin time', () => {
    const { invoices } = report.summary;
    expect(invoices.total).toBe(4);
    expect(invoices.paid).toBe(3);
    // 20.01 + 10.05 + 0.1
    expect(invoices.paidTotalUSD.toFixed()).toBe('30.16');
    // 0.2 + 0.1 + 0.001
    expect(invoices.commissionTotalUSD.toFixed()).toBe('0.3');
    expect(Object.fromEntries(Object.entries(invoices.byCurrency).map(([k, v]) => [k, v.toFixed()]))).toEqual(
      {
        EUR: '18.5',
        JPY: '1500',
        USD: '0.1',
      },
    );
    expect(invoices.byDay['2026-03-01']!.toFixed()).toBe('20.01');
    expect(invoices.byDay['2026-03-31']!.toFixed()).toBe('0.1');
  });

  it('compares with February in Berlin time', () => {
    const previous = report.summary.previousPeriod;
    expect(previous.paid).toBe(2);
    expect(previous.paidTotalUSD.toFixed()).toBe('140');
    expect(previous.change.paidTotalUSD.toFixed()).toBe('-109.84');
    // -109.84 / 140 = -78.457…%
    expect(previous.change.paidTotalPercent?.toFixed()).toBe('-78.5');
  });

  it('adds up the payments with every crypto digit', () => {
    const { payments } = report.summary;
    expect(payments).toMatchObject({ total: 3, matched: 2, unmatched: 1, late: 1 });
    expect(payments.byCryptocurrency.BTC!.toFixed()).toBe('0.00000095');
    expect(payments.byCryptocurrency.USDT!.toFixed()).toBe('10.05');
    expect(report.unmatchedPayments.map((item) => item.id)).toEqual([p.firstOfMarch.id]);
    expect(report.latePayments.map((late) => [late.payment.id, late.secondsLate])).toEqual([
      [p.late.id, 1800],
    ]);
    expect(summaryToJson(report.summary)).toContain('"BTC": 0.00000095');
  });

  it('reconciles with the sandbox statistics over the same dates as the invoice list', () => {
    const reconciliation = report.summary.reconciliation;
    expect(reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
    expect(reconciliation.ok).toBe(true);
    // 28 Feb 23:00 UTC − 12 h is still 28 Feb; 31 Mar 22:00 UTC + 14 h is 1 Apr 12:00, so up to 2 Apr.
    expect(reconciliation.window).toEqual({ startDate: '2026-02-28', endDate: '2026-04-02' });
    // 100 + 20.01 + 10.05 + 0.1 + 1000: the dates hold 28 February's last Berlin hour and 1 April's first.
    expect(reconciliation.listed.paid).toBe(5);
    expect(reconciliation.listed.paidTotalUSD.toFixed()).toBe('1130.16');
    const total = reconciliation.checks.find((check) => check.name === 'paidTotalUSD')!;
    expect(total.computed.toFixed()).toBe('1130.16');
    expect(reconciliation.currencyUnit).toBe('fiat');
  });
});

describe('buildReport for quarters and years against the generated sandbox, through the real client', () => {
  // Mid-November 2026: the sandbox holds the 14 months before in full and November so far.
  const NOW = new Date('2026-11-15T12:00:00Z');
  let sandbox: RunningSandbox;
  let build: (period: string) => Promise<Report>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 3, now: NOW });
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    build = (period) =>
      buildReport(
        client,
        { period, timezone: 'Europe/Berlin' },
        { apiUrl: sandbox.url, now: NOW, rows: rowBuilders() },
      );
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('gives a quarter exactly the figures of its three months, month by month', async () => {
    const [quarter, ...months] = await Promise.all(['2026-Q3', '2026-07', '2026-08', '2026-09'].map(build));
    const { invoices, payments } = quarter!.summary;
    expect(invoices.months.map((month) => [month.month, month.paid, month.paidTotalUSD.toFixed(2)])).toEqual(
      months.map((month) => [
        month.summary.period.id,
        month.summary.invoices.paid,
        month.summary.invoices.paidTotalUSD.toFixed(2),
      ]),
    );
    const add = (pick: (report: Report) => number) => months.reduce((total, month) => total + pick(month), 0);
    expect(invoices.paid).toBe(add((month) => month.summary.invoices.paid));
    expect(invoices.total).toBe(add((month) => month.summary.invoices.total));
    expect(payments.total).toBe(add((month) => month.summary.payments.total));
    expect(quarter!.paidInvoiceRows.rowCount).toBe(add((month) => month.paidInvoiceRows.rowCount));
    // The sandbox's amounts are whole cents, so the months' rounded totals add up to the quarter's.
    const monthsUsd = months.reduce(
      (total, month) => total.plus(month.summary.invoices.paidTotalUSD),
      new Big(0),
    );
    expect(invoices.paidTotalUSD.toFixed(2)).toBe(monthsUsd.toFixed(2));
    expect(invoices.days).toHaveLength(92);
    expect(quarter!.summary.reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
    expect(quarter!.summary.previousPeriod).toMatchObject({ id: '2026-Q2', comparison: 'whole-period' });
  });

  it('gives the year so far up to now, its months from January to November, and reconciles', async () => {
    const year = await build('2026');
    expect(year.summary.period).toMatchObject({
      kind: 'year',
      id: '2026',
      start: '2025-12-31T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
      complete: false,
      asOf: '2026-11-15T12:00:00.000Z',
    });
    expect(year.summary.invoices.months.map((month) => month.month)).toEqual(
      Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
    );
    expect(year.summary.invoices.days.at(-1)!.date).toBe('2026-11-15');
    expect(year.summary.previousPeriod).toMatchObject({
      id: '2025',
      start: '2024-12-31T23:00:00.000Z',
      // 15 November 2025, 13:00 in Berlin (CET), as it is 13:00 on 15 November 2026.
      end: '2025-11-15T12:00:00.000Z',
      comparison: 'same-elapsed-span',
    });
    expect(year.summary.reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
  });
});
