import { describe, expect, it } from 'vitest';
import type { InvoiceItem } from '../../../lib/invoicing';
import { ReportRequestError } from '../../../lib/period';
import { buildReport } from '../../../lib/report/build-report';
import type { CollectProgress } from '../../../lib/report/collect';
import type { Report } from '../../../lib/report/model';
import { summaryToJson } from '../../../lib/report/model';
import { csvStream } from '../render/csv/fixtures';
import {
  type BoundsReading,
  type FakeServiceOptions,
  fakeInvoicingClient,
} from './support/fake-invoicing-client';
import {
  invoice,
  invoiceBlock,
  PROJECT_A,
  PROJECT_B,
  payment,
  rowBuilders,
  USDT_WALLET,
  uuid,
} from './support/records';

const API_URL = 'https://api.example.com/v1';
const NOW = new Date('2027-01-15T12:00:00Z');
const READINGS: BoundsReading[] = [
  'inclusive-days',
  'exclusive-end',
  'midnight-between',
  'midnight-exclusive',
];

/** `2026-02-28T23:00:00Z` → `2026-02-28 23:00:00`, the service's form. */
const serviceTime = (iso: string) => iso.replace('T', ' ').replace(/(\.000)?Z$/, '');
const amounts = (record: Record<string, { toFixed(): string }>) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value.toFixed()]));
const failingChecks = (report: Report) =>
  report.summary.reconciliation.checks.filter((check) => !check.ok).map((check) => check.name);

async function build(service: FakeServiceOptions, period: string, timezone = 'UTC', projectId?: string) {
  const client = fakeInvoicingClient(service);
  const rows = rowBuilders();
  const report = await buildReport(
    client,
    { period, timezone, projectId },
    { apiUrl: API_URL, now: NOW, rows },
  );
  return { report, client, rows };
}

describe('buildReport in UTC, March 2026', () => {
  const i = {
    lastOfFebruary: invoice('2026-02-28 23:59:59', {
      id: uuid('1b', 1),
      amountFiatUSD: '10',
      amountFiat: '10',
    }),
    firstOfMarchA: invoice('2026-03-01 00:00:00', {
      id: uuid('1b', 2),
      amountFiatUSD: '0.1',
      amountFiat: '0.1',
      commissionFiatUSD: '0.001',
    }),
    firstOfMarchB: invoice('2026-03-01 00:00:00', {
      id: uuid('1b', 3),
      projectId: PROJECT_B,
      currencyFiat: 'EUR',
      amountFiat: '0.18',
      amountFiatUSD: '0.2',
      commissionFiatUSD: '0.002',
    }),
    unpaid: invoice('2026-03-15 08:00:00', { id: uuid('1b', 4), status: 'unpaid' }),
    expired: invoice('2026-03-20 09:00:00', { id: uuid('1b', 5), status: 'expired' }),
    canceled: invoice('2026-03-21 10:00:00', { id: uuid('1b', 6), status: 'canceled' }),
    lastOfMarch: invoice('2026-03-31 23:59:59', {
      id: uuid('1b', 7),
      amountFiatUSD: '0.005',
      amountFiat: '0.005',
      commissionFiatUSD: '0.002',
      timeToPayDatetime: '2026-03-10 12:00:00',
    }),
    firstOfApril: invoice('2026-04-01 00:00:00', {
      id: uuid('1b', 8),
      amountFiatUSD: '1000',
      amountFiat: '1000',
    }),
    firstOfFebruary: invoice('2026-02-01 00:00:00', {
      id: uuid('1b', 9),
      amountFiatUSD: '0.2',
      amountFiat: '0.2',
    }),
    lastOfJanuary: invoice('2026-01-31 23:59:59', {
      id: uuid('1b', 10),
      amountFiatUSD: '5',
      amountFiat: '5',
    }),
  };
  const p = {
    lastOfFebruary: payment('2026-02-28 23:59:59', { id: uuid('9d', 1) }),
    firstOfMarch: payment('2026-03-01 00:00:00', { id: uuid('9d', 2), amount: '0.00000001' }),
    lastOfMarch: payment('2026-03-31 23:59:59', {
      id: uuid('9d', 3),
      amount: '0.00000094',
      invoice: invoiceBlock(i.lastOfMarch),
    }),
    firstOfApril: payment('2026-04-01 00:00:00', { id: uuid('9d', 4) }),
    late: payment('2026-03-10 12:30:00', {
      id: uuid('9d', 5),
      amount: '0.1',
      wallet: USDT_WALLET,
      invoice: invoiceBlock(i.lastOfMarch),
    }),
  };
  const service = { invoices: Object.values(i), payments: Object.values(p) };

  describe.each(READINGS)('from a service reading its date bounds as %s', (bounds) => {
    it('counts the invoices created in the month, at 00:00:00 and 23:59:59 on its first and last days', async () => {
      const { report } = await build({ ...service, bounds }, '2026-03');
      const { invoices } = report.summary;
      expect(invoices.total).toBe(6);
      expect(invoices.paid).toBe(3);
      expect(invoices.byStatus).toEqual({ unpaid: 1, canceled: 1, paid: 3, expired: 1 });
      // 0.1 + 0.2 + 0.005 = 0.305, rounded once.
      expect(invoices.paidTotalUSD.toFixed()).toBe('0.31');
      // 0.001 + 0.002 + 0.002 = 0.005: each rounded first would make 0.
      expect(invoices.commissionTotalUSD.toFixed()).toBe('0.01');
      expect(amounts(invoices.byProject)).toEqual({ [PROJECT_B]: '0.2', [PROJECT_A]: '0.11' });
      expect(invoices.projects.map((project) => project.projectId)).toEqual([PROJECT_B, PROJECT_A]);
      expect(amounts(invoices.byCurrency)).toEqual({ EUR: '0.18', USD: '0.11' });
      expect(
        invoices.currencies.map((c) => [c.currency, c.paid, c.amount.toFixed(), c.paidTotalUSD.toFixed()]),
      ).toEqual([
        ['EUR', 1, '0.18', '0.2'],
        ['USD', 2, '0.11', '0.11'],
      ]);
      expect(Object.keys(invoices.byDay)).toHaveLength(31);
      expect(invoices.byDay['2026-03-01']!.toFixed()).toBe('0.3');
      expect(invoices.byDay['2026-03-31']!.toFixed()).toBe('0.01');
      expect(invoices.byDay['2026-03-15']!.toFixed()).toBe('0');
      expect(invoices.days[0]).toMatchObject({ date: '2026-03-01', paid: 2 });
      expect(invoices.days[30]).toMatchObject({ date: '2026-03-31', paid: 1 });
    });

    it('counts the payments whose transaction falls in the month', async () => {
      const { report } = await build({ ...service, bounds }, '2026-03');
      const { payments } = report.summary;
      expect(payments).toMatchObject({ total: 3, matched: 2, unmatched: 1, late: 1 });
      expect(amounts(payments.byCryptocurrency)).toEqual({ BTC: '0.00000095', USDT: '0.1' });
      expect(report.unmatchedPayments.map((item) => item.id)).toEqual([p.firstOfMarch.id]);
      expect(report.latePayments.map((late) => [late.payment.id, late.secondsLate])).toEqual([
        [p.late.id, 1800],
      ]);
    });

    it('compares with the whole previous month', async () => {
      const { report } = await build({ ...service, bounds }, '2026-03');
      const previous = report.summary.previousPeriod;
      // February: 10 + 0.2; 31 January is not in it.
      expect(previous).toMatchObject({
        kind: 'month',
        id: '2026-02',
        start: '2026-02-01T00:00:00.000Z',
        end: '2026-03-01T00:00:00.000Z',
        comparison: 'whole-period',
      });
      expect(previous.paid).toBe(2);
      expect(previous.paidTotalUSD.toFixed()).toBe('10.2');
      expect(previous.change.paid).toBe(1);
      expect(previous.change.paidTotalUSD.toFixed()).toBe('-9.89');
      // -9.89 / 10.2 = -96.96…%
      expect(previous.change.paidTotalPercent?.toFixed()).toBe('-97');
    });

    it('reconciles without crying wolf', async () => {
      const { report } = await build({ ...service, bounds }, '2026-03');
      expect(failingChecks(report)).toEqual([]);
      expect(report.summary.reconciliation.ok).toBe(true);
    });

    it('feeds the CSV builders the month paid invoices and payments', async () => {
      const { report, rows } = await build({ ...service, bounds }, '2026-03');
      expect(rows.paidInvoices.records.map((item) => item.id).sort()).toEqual(
        [i.firstOfMarchA.id, i.firstOfMarchB.id, i.lastOfMarch.id].sort(),
      );
      expect(rows.payments.records.map((item) => item.id).sort()).toEqual(
        [p.firstOfMarch.id, p.lastOfMarch.id, p.late.id].sort(),
      );
      expect(report.paidInvoiceRows.rowCount).toBe(3);
      expect(report.paymentRows.rowCount).toBe(3);
      expect(report.firstPaidInvoices.map((item) => item.id)).toEqual([
        i.firstOfMarchA.id,
        i.firstOfMarchB.id,
        i.lastOfMarch.id,
      ]);
    });
  });

  it.each(READINGS)(
    'compares everything the list returns for the dates asked, reading %s',
    async (bounds) => {
      // 28 Feb – 2 Apr holds 28 February (10) and 1 April (1000) besides March's 0.1, 0.2 and 0.005.
      const { report } = await build({ ...service, bounds }, '2026-03');
      const { reconciliation } = report.summary;
      expect(reconciliation.window).toEqual({ startDate: '2026-02-28', endDate: '2026-04-02' });
      expect(reconciliation.listed.paid).toBe(5);
      expect(reconciliation.listed.paidTotalUSD.toFixed()).toBe('1010.31');
      expect(reconciliation.checks[0]).toMatchObject({ name: 'paidCount' });
      expect(reconciliation.checks[0]!.computed.toFixed()).toBe('5');
    },
  );

  it('agrees with a service that lists every day of its range, zero or not', async () => {
    const { report } = await build({ ...service, bounds: 'exclusive-end', everyDay: true }, '2026-03');
    expect(failingChecks(report)).toEqual([]);
  });

  it('infers that the service totals currencies in USD', async () => {
    const { report } = await build({ ...service, currencyUnit: 'usd' }, '2026-03');
    const reconciliation = report.summary.reconciliation;
    expect(reconciliation.currencyUnit).toBe('usd');
    expect(reconciliation.ok).toBe(true);
  });

  it('asks the statistics and the invoice list the same question, wider than the month', async () => {
    const { client } = await build(service, '2026-03');
    // March: 1 Mar 00:00 − 12 h is 28 Feb, 1 Apr 00:00 + 14 h is 1 Apr 14:00, so up to 2 Apr;
    // February: 31 Jan 12:00 and 1 Mar 14:00, so up to 2 Mar.
    expect(client.calls).toEqual(
      expect.arrayContaining([
        { method: 'invoiceStatistics', filter: { startDate: '2026-02-28', endDate: '2026-04-02' } },
        { method: 'invoices', filter: { startDate: '2026-02-28', endDate: '2026-04-02' } },
        { method: 'payments', filter: { startDate: '2026-02-28', endDate: '2026-04-02' } },
        { method: 'invoices', filter: { startDate: '2026-01-31', endDate: '2026-03-02', status: 'paid' } },
        // The invoices not paid, for a week before the first unmatched payment (1 Mar 00:00): from
        // 22 Feb 00:00 − 12 h (21 Feb) to 1 Mar 00:00 + 14 h (up to 2 Mar).
        ...['unpaid', 'expired', 'canceled'].map((status) => ({
          method: 'invoices',
          filter: { startDate: '2026-02-21', endDate: '2026-03-02', status },
        })),
      ]),
    );
    expect(client.calls).toHaveLength(7);
  });

  it('shows a disagreement with the statistics', async () => {
    const { report } = await build(
      {
        ...service,
        statistics: {
          invoicesTotalNum: 9,
          invoicesPaidNum: 5,
          invoicesTotalUSD: '1010.33',
          invoicesByProjects: { [PROJECT_A]: '1010.11', [PROJECT_B]: '0.2' },
          invoicesByCurrencies: { USD: '1010.11', EUR: '0.18' },
          invoicesByMonths: {},
          invoicesByDate: {
            '2026-02-28': { date: Date.parse('2026-02-28T00:00:00Z'), value: '10' },
            '2026-03-01': { date: Date.parse('2026-03-01T00:00:00Z'), value: '0.3' },
            '2026-03-31': { date: Date.parse('2026-03-31T00:00:00Z'), value: '0.03' },
            '2026-04-01': { date: Date.parse('2026-04-01T00:00:00Z'), value: '1000' },
          },
        },
      },
      '2026-03',
    );
    expect(report.summary.reconciliation.ok).toBe(false);
    expect(failingChecks(report)).toEqual(['paidTotalUSD', 'day:2026-03-31']);
    const day = report.summary.reconciliation.checks.find((check) => check.name === 'day:2026-03-31')!;
    expect([day.service.toFixed(), day.computed.toFixed(), day.difference.toFixed()]).toEqual([
      '0.03',
      '0.01',
      '0.02',
    ]);
  });
});

describe('buildReport across daylight saving changes and offsets', () => {
  it.each([
    // zone, month, last instant before, first instant, last instant, first instant after, UTC days touched
    [
      'Europe/Berlin',
      '2026-03',
      '2026-02-28T22:59:59Z',
      '2026-02-28T23:00:00Z',
      '2026-03-31T21:59:59Z',
      '2026-03-31T22:00:00Z',
      ['2026-02-28', '2026-03-31'],
    ],
    [
      'Europe/Berlin',
      '2026-10',
      '2026-09-30T21:59:59Z',
      '2026-09-30T22:00:00Z',
      '2026-10-31T22:59:59Z',
      '2026-10-31T23:00:00Z',
      ['2026-09-30', '2026-10-31'],
    ],
    [
      'America/New_York',
      '2026-11',
      '2026-11-01T03:59:59Z',
      '2026-11-01T04:00:00Z',
      '2026-12-01T04:59:59Z',
      '2026-12-01T05:00:00Z',
      ['2026-11-01', '2026-12-01'],
    ],
    [
      'Asia/Kolkata',
      '2026-01',
      '2025-12-31T18:29:59Z',
      '2025-12-31T18:30:00Z',
      '2026-01-31T18:29:59Z',
      '2026-01-31T18:30:00Z',
      ['2025-12-31', '2026-01-31'],
    ],
    [
      'Pacific/Auckland',
      '2026-04',
      '2026-03-31T10:59:59Z',
      '2026-03-31T11:00:00Z',
      '2026-04-30T11:59:59Z',
      '2026-04-30T12:00:00Z',
      ['2026-03-31', '2026-04-30'],
    ],
  ])(
    '%s %s holds exactly [00:00:00 of its first day, 23:59:59 of its last]',
    async (zone, month, before, first, last, after, utcDays) => {
      const firstDay = `${month}-01`;
      const lastDay = `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate())}`;
      const invoices = [
        invoice(serviceTime(before), { amountFiatUSD: '1000', amountFiat: '1000' }),
        invoice(serviceTime(first), { amountFiatUSD: '1.5', amountFiat: '1.5' }),
        invoice(serviceTime(last), { amountFiatUSD: '2.25', amountFiat: '2.25' }),
        invoice(serviceTime(after), { amountFiatUSD: '1000', amountFiat: '1000' }),
      ];
      const payments = [before, first, last, after].map((at) => payment(serviceTime(at)));
      for (const bounds of ['inclusive-days', 'midnight-exclusive'] as const) {
        const { report } = await build({ invoices, payments, bounds }, month, zone);
        const { summary } = report;
        expect(summary.period.start).toBe(first.replace('Z', '.000Z'));
        expect(summary.period.end).toBe(after.replace('Z', '.000Z'));
        expect(summary.invoices.paid).toBe(2);
        expect(summary.invoices.paidTotalUSD.toFixed()).toBe('3.75');
        expect(summary.invoices.byDay[firstDay]!.toFixed()).toBe('1.5');
        expect(summary.invoices.byDay[lastDay]!.toFixed()).toBe('2.25');
        expect(summary.invoices.days[0]!.date).toBe(firstDay);
        expect(summary.invoices.days.at(-1)!.date).toBe(lastDay);
        expect(summary.payments.total).toBe(2);
        expect(report.unmatchedPayments.map((item) => item.transactionDatetime)).toEqual([
          serviceTime(first),
          serviceTime(last),
        ]);
        // The dates asked for hold every UTC day the month touches, and more after it.
        const { window } = summary.reconciliation;
        expect(window.startDate <= utcDays[0]!).toBe(true);
        expect(window.endDate > utcDays[1]!).toBe(true);
        expect(failingChecks(report)).toEqual([]);
      }
    },
  );
});

describe('buildReport for an empty month', () => {
  it('gives zeros everywhere, every day present, and a reconciliation that agrees', async () => {
    const { report } = await build({}, '2026-02');
    const { summary } = report;
    expect(summary.invoices.total).toBe(0);
    expect(summary.invoices.byStatus).toEqual({ unpaid: 0, canceled: 0, paid: 0, expired: 0 });
    expect(summary.invoices.paidTotalUSD.toFixed()).toBe('0');
    expect(summary.invoices.byProject).toEqual({});
    expect(Object.keys(summary.invoices.byDay)).toHaveLength(28);
    expect(Object.values(summary.invoices.byDay).every((value) => value.eq(0))).toBe(true);
    expect(summary.previousPeriod.change).toMatchObject({ paid: 0, paidTotalPercent: null });
    expect(summary.previousPeriod.change.paidTotalUSD.toFixed()).toBe('0');
    expect(summary.payments).toMatchObject({
      total: 0,
      matched: 0,
      unmatched: 0,
      late: 0,
      byCryptocurrency: {},
    });
    expect(summary.reconciliation.ok).toBe(true);
    expect(report.firstPaidInvoices).toEqual([]);
    expect(report.paidInvoiceRows.rowCount).toBe(0);
  });
});

describe('buildReport when invoices are paid while the lists are read', () => {
  // Three invoices of 30 October 2026, 25.00 USD each: `early` was paid before the statistics were
  // first asked for, `x` and `y` are paid as the lists are read.
  const paid = (n: number) =>
    invoice('2026-10-30 10:00:00', { id: uuid('3e', n), amountFiatUSD: '25', amountFiat: '25' });
  const unpaid = (n: number) => invoice('2026-10-30 10:00:00', { id: uuid('3e', n), status: 'unpaid' });
  const early = paid(1);

  /** A report of October 2026 whose lists show `listed`, and whose statistics answer from each of `answers` in turn. */
  async function buildWhileChanging(listed: InvoiceItem[], answers: InvoiceItem[][]) {
    const client = fakeInvoicingClient({ invoices: listed });
    const services = answers.map((invoices) => fakeInvoicingClient({ invoices }));
    let asked = 0;
    client.invoiceStatistics = (filter) =>
      services[Math.min(asked++, services.length - 1)]!.invoiceStatistics(filter);
    const report = await buildReport(
      client,
      { period: '2026-10', timezone: 'UTC' },
      { apiUrl: API_URL, now: NOW, rows: rowBuilders() },
    );
    return { reconciliation: report.summary.reconciliation, asked: () => asked };
  }

  it('agrees when the lists show the figures of a second answer, asked once they were read', async () => {
    const { reconciliation, asked } = await buildWhileChanging(
      [early, paid(2), paid(3)],
      [
        [early, unpaid(2), unpaid(3)],
        [early, paid(2), paid(3)],
      ],
    );
    expect(reconciliation.ok).toBe(true);
    expect(reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
    expect(asked()).toBe(2);
  });

  it('cannot check exactly a figure that lies between the two answers, and says so rather than differ', async () => {
    // The list was read with `x` paid and `y` not yet: 2 paid, 50 USD; the answers say 1 (25 USD)
    // before and 3 (75 USD) after.
    const { reconciliation } = await buildWhileChanging(
      [early, paid(2), unpaid(3)],
      [
        [early, unpaid(2), unpaid(3)],
        [early, paid(2), paid(3)],
      ],
    );
    expect(reconciliation.ok).toBe(true);
    const moved = (name: string, from: string, to: string, listed: string) => ({
      name,
      reason: `The service's figure changed while its invoices were listed, from ${from} to ${to}; the listed ${listed} lies between the two.`,
    });
    expect(reconciliation.notChecked).toEqual(
      expect.arrayContaining([
        moved('paidCount', '1', '3', '2'),
        moved('paidTotalUSD', '25.00 USD', '75.00 USD', '50.00 USD'),
      ]),
    );
  });

  it('still reports a difference that neither answer explains', async () => {
    // Both answers say 1 paid invoice and 25 USD; the list has 2 and 50.
    const { reconciliation, asked } = await buildWhileChanging([early, paid(2)], [[early, unpaid(2)]]);
    expect(reconciliation.ok).toBe(false);
    expect(reconciliation.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(
      expect.arrayContaining(['paidCount', 'paidTotalUSD']),
    );
    expect(asked()).toBe(2);
  });

  it('agrees when the first invoice paid on a day is paid as the lists are read', async () => {
    // 31 October had no paid invoice when the statistics were first asked for, so the first answer
    // leaves the day out; `late` is paid as the lists are read, and the second answer lists the day
    // with its 40.00 USD, as the lists show it.
    const late = (status: 'paid' | 'unpaid') =>
      invoice('2026-10-31 12:00:00', { id: uuid('3e', 9), status, amountFiatUSD: '40', amountFiat: '40' });
    const { reconciliation } = await buildWhileChanging(
      [early, late('paid')],
      [
        [early, late('unpaid')],
        [early, late('paid')],
      ],
    );
    expect(reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
    expect(reconciliation.ok).toBe(true);
    expect(reconciliation.checks.find((check) => check.name === 'day:2026-10-31')).toMatchObject({
      ok: true,
      dayStart: '2026-10-31T00:00:00.000Z',
    });
  });

  it('still builds the report when the second answer leaves out a day the first listed', async () => {
    // The first answer counts `early` (30 October) but not `x`; the second, from a service whose
    // figures lag, counts neither and lists no day at all. The list has both.
    const { reconciliation } = await buildWhileChanging([early, paid(2)], [[early, unpaid(2)], []]);
    expect(reconciliation.ok).toBe(false);
    expect(reconciliation.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(
      expect.arrayContaining(['paidCount', 'paidTotalUSD', 'day:2026-10-30']),
    );
  });

  it('asks once when every check agrees', async () => {
    const { reconciliation, asked } = await buildWhileChanging([early], [[early]]);
    expect(reconciliation.ok).toBe(true);
    expect(asked()).toBe(1);
  });
});

describe('buildReport for one project', () => {
  const a = invoice('2026-03-02 10:00:00', { amountFiatUSD: '5', amountFiat: '5' });
  const b = invoice('2026-03-03 10:00:00', { projectId: PROJECT_B, amountFiatUSD: '7', amountFiat: '7' });
  const service = {
    invoices: [
      a,
      b,
      invoice('2026-03-04 10:00:00', { status: 'unpaid' }),
      invoice('2026-02-10 10:00:00', { amountFiatUSD: '4', amountFiat: '4' }),
      invoice('2026-02-11 10:00:00', { projectId: PROJECT_B, amountFiatUSD: '100', amountFiat: '100' }),
    ],
    payments: [
      payment('2026-03-02 10:10:00', { invoice: invoiceBlock(a) }),
      payment('2026-03-03 10:10:00', { invoice: invoiceBlock(b) }),
      payment('2026-03-05 10:00:00'),
      payment('2026-03-06 10:00:00'),
      payment('2026-04-06 10:00:00'),
    ],
  };

  it('counts only the project invoices and the payments of its invoices', async () => {
    const { report, client } = await build(service, '2026-03', 'UTC', PROJECT_A);
    const { summary } = report;
    expect(summary.projectId).toBe(PROJECT_A);
    expect(summary.invoices).toMatchObject({ total: 2, paid: 1 });
    expect(summary.invoices.paidTotalUSD.toFixed()).toBe('5');
    expect(summary.previousPeriod.paidTotalUSD.toFixed()).toBe('4');
    expect(summary.previousPeriod.change.paidTotalPercent?.toFixed()).toBe('25');
    expect(summary.payments).toMatchObject({
      total: 1,
      unmatched: 0,
      projectFilterNote:
        'Payments not matched to an invoice cannot be attributed to a project and are left out (2 in this period).',
    });
    expect(client.calls.filter((call) => call.method === 'invoices').map((call) => call.filter)).toEqual([
      { startDate: '2026-02-28', endDate: '2026-04-02', projectId: PROJECT_A },
      { startDate: '2026-01-31', endDate: '2026-03-02', status: 'paid', projectId: PROJECT_A },
    ]);
  });

  it('reconciles only the project total, since the statistics cover every project', async () => {
    const { report } = await build(service, '2026-03', 'UTC', PROJECT_A);
    expect(
      report.summary.reconciliation.checks.map((check) => [check.name, check.service.toFixed(), check.ok]),
    ).toEqual([[`project:${PROJECT_A}`, '5', true]]);
  });
});

describe('buildReport accounting content', () => {
  // 0.50 short and 1.25 over in USD; an EUR invoice whose USD value differs is not judged.
  const short = invoice('2026-03-02 10:00:00', {
    amountFiat: '100',
    amountFiatUSD: '99.5',
    commissionFiatUSD: '0.995',
  });
  const over = invoice('2026-03-03 10:00:00', {
    projectId: PROJECT_B,
    amountFiat: '250',
    amountFiatUSD: '251.25',
    commissionFiatUSD: '2.5125',
  });
  const euro = invoice('2026-03-04 10:00:00', {
    currencyFiat: 'EUR',
    amountFiat: '92',
    amountFiatUSD: '100.37',
    commissionFiatUSD: '1.0075',
  });
  const service = { invoices: [short, over, euro] };

  // The figures themselves are worked out in invoice-figures.test.ts; this checks they reach the report.
  it('carries the net received and the under- and over-paid USD invoices into the report and summary', async () => {
    const { report } = await build(service, '2026-03');
    expect(report.mispaidInvoices.map((entry) => [entry.invoice.id, entry.differenceUSD.toFixed()])).toEqual([
      [over.id, '1.25'],
      [short.id, '-0.5'],
    ]);
    // 451.12 paid, 4.515 commission: 446.605 net, rounded once to 446.61.
    expect(JSON.parse(summaryToJson(report.summary)).invoices).toMatchObject({
      netReceivedUSD: 446.61,
      underpaid: { count: 1, differenceUSD: -0.5 },
      overpaid: { count: 1, differenceUSD: 1.25 },
    });
  });

  it('carries the project names it is given into the summary, none by default', async () => {
    const names = { [PROJECT_A]: 'Web shop' };
    const client = fakeInvoicingClient(service);
    const named = await buildReport(
      client,
      { period: '2026-03', timezone: 'UTC', projectNames: names },
      { apiUrl: API_URL, now: NOW, rows: rowBuilders() },
    );
    expect(named.summary.projectNames).toEqual(names);
    expect(JSON.parse(summaryToJson(named.summary)).projectNames).toEqual(names);
    const { report: unnamed } = await build(service, '2026-03');
    expect(unnamed.summary.projectNames).toEqual({});
  });
});

describe('buildReport change from the previous period', () => {
  it('is zero with no percentage when both months are empty of paid invoices', async () => {
    const { report } = await build(
      { invoices: [invoice('2026-03-05 10:00:00', { status: 'expired' })] },
      '2026-03',
    );
    expect(report.summary.previousPeriod.change.paid).toBe(0);
    expect(report.summary.previousPeriod.change.paidTotalUSD.toFixed()).toBe('0');
    expect(report.summary.previousPeriod.change.paidTotalPercent).toBeNull();
  });
});

describe('buildReport with many records', () => {
  // 1,200 paid invoices, one every 30 minutes from 1 March, each 0.0125 USD with 0.000125 commission.
  const invoices = Array.from({ length: 1200 }, (_, n) => {
    const at = new Date(Date.UTC(2026, 2, 1) + n * 30 * 60_000).toISOString();
    return invoice(serviceTime(at), {
      id: uuid('1c', n),
      amountFiatUSD: '0.0125',
      commissionFiatUSD: '0.000125',
    });
  });

  it('sums many small amounts exactly and keeps only the first hundred paid invoices', async () => {
    const { report } = await build({ invoices }, '2026-03');
    expect(report.summary.invoices.paid).toBe(1200);
    expect(report.summary.invoices.paidTotalUSD.toFixed()).toBe('15');
    expect(report.summary.invoices.commissionTotalUSD.toFixed()).toBe('0.15');
    expect(report.firstPaidInvoices).toHaveLength(100);
    expect(report.firstPaidInvoices[0]!.id).toBe(uuid('1c', 0));
    expect(report.firstPaidInvoices[99]!.id).toBe(uuid('1c', 99));
    expect(report.paidInvoiceRows.rowCount).toBe(1200);
  });

  it('reports progress as records arrive, ending with the counts fetched', async () => {
    const progress: CollectProgress[] = [];
    const client = fakeInvoicingClient({ invoices, payments: [payment('2026-03-02 00:00:00')] });
    const report = await buildReport(
      client,
      { period: '2026-03', timezone: 'UTC' },
      { apiUrl: API_URL, now: NOW, rows: rowBuilders(), onProgress: (step) => progress.push(step) },
    );
    expect(report.summary.previousPeriod.paid).toBe(0);
    const invoiceCounts = progress.map((step) => step.invoices);
    expect(invoiceCounts).toContain(500);
    expect(invoiceCounts).toContain(1000);
    expect(invoiceCounts).toEqual([...invoiceCounts].sort((x, y) => x - y));
    // The last step has every list done. February's paid list is asked for up to 2 March, which this
    // service includes whole: the 96 half-hours of 1 and 2 March are fetched (and not counted for February).
    expect(progress.at(-1)).toEqual({ invoices: 1200, payments: 1, previousPeriodInvoices: 96 });
  });
});

describe('buildReport failures', () => {
  const invoices = Array.from({ length: 2000 }, (_, n) =>
    invoice(serviceTime(new Date(Date.UTC(2026, 2, 1) + n * 60_000).toISOString())),
  );

  it('rejects with the original error and stops the other lists', async () => {
    const error = new Error('payments failed');
    const client = fakeInvoicingClient({
      invoices,
      payments: [payment('2026-03-02 00:00:00'), payment('2026-03-03 00:00:00')],
      fail: { list: 'payments', afterRecords: 1, error },
      slow: true,
    });
    const rows = rowBuilders();
    const progress: CollectProgress[] = [];
    await expect(
      buildReport(
        client,
        { period: '2026-03', timezone: 'UTC' },
        { apiUrl: API_URL, now: NOW, rows, onProgress: (step) => progress.push(step) },
      ),
    ).rejects.toBe(error);
    await expect.poll(() => client.closedEarly.filter((list) => list === 'invoices')).toHaveLength(2);
    expect(client.yielded.invoices).toBeLessThan(2000);
    expect(rows.paidInvoices.built).toBe(false);
    expect([rows.paidInvoices.disposed, rows.payments.disposed]).toEqual([true, true]);
    const stepsAtFailure = progress.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(progress).toHaveLength(stepsAtFailure);
  });

  it('rejects with the statistics error', async () => {
    const error = new Error('statistics failed');
    const client = fakeInvoicingClient({ invoices, fail: { list: 'statistics', afterRecords: 0, error } });
    await expect(
      buildReport(
        client,
        { period: '2026-03', timezone: 'UTC' },
        { apiUrl: API_URL, now: NOW, rows: rowBuilders() },
      ),
    ).rejects.toBe(error);
  });

  it.each([
    [
      { period: '2026-13', timezone: 'UTC' },
      'invalid period "2026-13": expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY',
    ],
    [
      { period: '2026-03', timezone: 'Mars/Olympus' },
      'unknown time zone "Mars/Olympus": expected an IANA name such as UTC or Europe/Berlin',
    ],
    [
      { period: '2026-03', timezone: 'UTC', projectId: 'not-a-uuid' },
      'invalid project id "not-a-uuid": expected a UUID',
    ],
    [{ period: '2027-02', timezone: 'UTC' }, '2027-02 has not begun yet in UTC: no report for it yet'],
  ])('refuses %j before asking the service anything', async (request, message) => {
    const client = fakeInvoicingClient({ invoices });
    const attempt = buildReport(client, request, { apiUrl: API_URL, now: NOW, rows: rowBuilders() });
    await expect(attempt).rejects.toThrow(ReportRequestError);
    await expect(attempt).rejects.toThrow(message);
    expect(client.calls).toEqual([]);
  });
});

describe('buildReport summary', () => {
  it('records what was asked and when, with the API URL stripped of credentials', async () => {
    const client = fakeInvoicingClient({});
    const report = await buildReport(
      client,
      { period: '2026-03', timezone: 'Europe/Berlin', account: 'demo' },
      {
        apiUrl: 'https://user:s3cret@api.example.com/v1?apiKey=s3cret#s3cret',
        now: NOW,
        rows: rowBuilders(),
      },
    );
    expect(report.summary).toMatchObject({
      account: 'demo',
      projectId: null,
      period: {
        kind: 'month',
        id: '2026-03',
        month: '2026-03',
        timezone: 'Europe/Berlin',
        start: '2026-02-28T23:00:00.000Z',
        end: '2026-03-31T22:00:00.000Z',
        complete: true,
        asOf: '2026-03-31T22:00:00.000Z',
      },
      generatedAt: '2027-01-15T12:00:00.000Z',
      source: { apiUrl: 'https://api.example.com/v1' },
    });
    expect(summaryToJson(report.summary)).not.toContain('s3cret');
  });

  it('keeps an API URL without credentials as given', async () => {
    const report = await buildReport(
      fakeInvoicingClient({}),
      { period: '2026-03', timezone: 'UTC' },
      { apiUrl: 'http://127.0.0.1:4010', now: NOW, rows: rowBuilders() },
    );
    expect(report.summary.source.apiUrl).toBe('http://127.0.0.1:4010');
  });
});

describe('buildReport without rows builders', () => {
  it('builds both CSV files with the real builders', async () => {
    const client = fakeInvoicingClient({
      invoices: [invoice('2026-03-05 10:00:00', { id: uuid('1d', 1) })],
      payments: [payment('2026-03-05 10:05:00', { id: uuid('9d', 1) })],
    });
    const report = await buildReport(
      client,
      { period: '2026-03', timezone: 'UTC' },
      { apiUrl: API_URL, now: NOW },
    );
    expect(report.paidInvoiceRows.rowCount).toBe(1);
    expect(report.paymentRows.rowCount).toBe(1);
    const paidInvoices = Buffer.concat(await csvStream(report.paidInvoiceRows).toArray()).toString('utf8');
    expect(paidInvoices.startsWith('\uFEFFinvoice_id,invoice_uid,project_id,created_at,')).toBe(true);
    expect(paidInvoices.split('\r\n')[1]).toMatch(new RegExp(`^${uuid('1d', 1)},`));
    const payments = Buffer.concat(await csvStream(report.paymentRows).toArray()).toString('utf8');
    expect(payments.startsWith('\uFEFFpayment_id,transaction_at,amount,')).toBe(true);
    expect(payments.split('\r\n')[1]).toMatch(new RegExp(`^${uuid('9d', 1)},2026-03-05 10:05:00,`));
  });
});
