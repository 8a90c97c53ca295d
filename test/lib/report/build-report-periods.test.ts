import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../lib/report/build-report';
import { summaryToJson } from '../../../lib/report/model';
import { reportPeriod } from '../../../lib/report/report-period';
import { type FakeServiceOptions, fakeInvoicingClient } from './support/fake-invoicing-client';
import { invoice, payment, rowBuilders, uuid } from './support/records';

const API_URL = 'https://api.example.com/v1';
const LATER = new Date('2028-01-15T12:00:00Z');

/** `2026-02-28T23:00:00Z` → `2026-02-28 23:00:00`, the service's form. */
const serviceTime = (iso: string) => iso.replace('T', ' ').replace(/(\.000)?Z$/, '');

async function build(service: FakeServiceOptions, period: string, timezone: string, now = LATER) {
  const client = fakeInvoicingClient(service);
  const report = await buildReport(
    client,
    { period, timezone },
    { apiUrl: API_URL, now, rows: rowBuilders() },
  );
  // Read back as summary.json gives it: what a reader of the file sees.
  return { report, client, json: JSON.parse(summaryToJson(report.summary)) };
}

describe('buildReport for quarters and years, exact to the second across daylight saving changes', () => {
  it.each([
    // zone, period, last instant before, first instant, last instant, first instant after (worked out from
    // the zones' offsets), first month, last month, months in all, previous period
    // Berlin: 31 Dec 23:59:59 CET (+1); 31 Mar 23:59:59 CEST (+2), the clocks having gone forward on 29 March.
    [
      'Europe/Berlin',
      '2026-Q1',
      '2025-12-31T22:59:59Z',
      '2025-12-31T23:00:00Z',
      '2026-03-31T21:59:59Z',
      '2026-03-31T22:00:00Z',
      '2026-01',
      '2026-03',
      3,
      '2025-Q4',
    ],
    // New York: 30 Sep 23:59:59 EDT (-4); 31 Dec 23:59:59 EST (-5), the clocks having gone back on 1 November.
    [
      'America/New_York',
      '2026-Q4',
      '2026-10-01T03:59:59Z',
      '2026-10-01T04:00:00Z',
      '2027-01-01T04:59:59Z',
      '2027-01-01T05:00:00Z',
      '2026-10',
      '2026-12',
      3,
      '2026-Q3',
    ],
    // A whole year of Berlin: CET at both ends, with a summer between.
    [
      'Europe/Berlin',
      '2026',
      '2025-12-31T22:59:59Z',
      '2025-12-31T23:00:00Z',
      '2026-12-31T22:59:59Z',
      '2026-12-31T23:00:00Z',
      '2026-01',
      '2026-12',
      12,
      '2025',
    ],
    // A whole year of New York: EST at both ends.
    [
      'America/New_York',
      '2026',
      '2026-01-01T04:59:59Z',
      '2026-01-01T05:00:00Z',
      '2027-01-01T04:59:59Z',
      '2027-01-01T05:00:00Z',
      '2026-01',
      '2026-12',
      12,
      '2025',
    ],
  ])(
    '%s %s holds exactly [00:00:00 of its first day, 23:59:59 of its last]',
    async (zone, period, before, first, last, after, firstMonth, lastMonth, monthCount, previousId) => {
      const invoices = [
        invoice(serviceTime(before), { id: uuid('2a', 1), amountFiatUSD: '1000', amountFiat: '1000' }),
        invoice(serviceTime(first), { id: uuid('2a', 2), amountFiatUSD: '1.5', amountFiat: '1.5' }),
        invoice(serviceTime(last), { id: uuid('2a', 3), amountFiatUSD: '2.25', amountFiat: '2.25' }),
        invoice(serviceTime(after), { id: uuid('2a', 4), amountFiatUSD: '30', amountFiat: '30' }),
      ];
      const payments = [before, first, last, after].map((at, n) =>
        payment(serviceTime(at), { id: uuid('9a', n) }),
      );
      for (const bounds of ['inclusive-days', 'midnight-exclusive'] as const) {
        const { report, json } = await build({ invoices, payments, bounds }, period, zone);
        expect(json.period).toEqual({
          kind: period.includes('Q') ? 'quarter' : 'year',
          id: period,
          timezone: zone,
          start: first.replace('Z', '.000Z'),
          end: after.replace('Z', '.000Z'),
          complete: true,
          asOf: after.replace('Z', '.000Z'),
        });
        // Only the invoices at 00:00:00 of the first day and 23:59:59 of the last: 1.5 + 2.25.
        expect(json.invoices).toMatchObject({ total: 2, paid: 2, paidTotalUSD: 3.75 });
        expect(json.invoices.months).toHaveLength(monthCount);
        expect(json.invoices.months[0]).toEqual({ month: firstMonth, paid: 1, paidTotalUSD: 1.5 });
        expect(json.invoices.months.at(-1)).toEqual({ month: lastMonth, paid: 1, paidTotalUSD: 2.25 });
        expect(Object.keys(json.invoices.byMonth)).toHaveLength(monthCount);
        expect(json.invoices.days[0]).toEqual({ date: `${firstMonth}-01`, paid: 1, paidTotalUSD: 1.5 });
        expect(json.invoices.days.at(-1)).toEqual({ date: `${lastMonth}-31`, paid: 1, paidTotalUSD: 2.25 });
        // The previous period holds the invoice of its last second (1000 USD), not the one after this one.
        expect(json.previousPeriod).toMatchObject({
          id: previousId,
          end: first.replace('Z', '.000Z'),
          comparison: 'whole-period',
          paid: 1,
          paidTotalUSD: 1000,
        });
        expect(report.summary.payments.total).toBe(2);
        expect(report.unmatchedPayments.map((item) => item.transactionDatetime)).toEqual([
          serviceTime(first),
          serviceTime(last),
        ]);
        expect(report.paidInvoiceRows.rowCount).toBe(2);
        expect(report.summary.reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
      }
    },
  );

  it('adds up the months of a quarter from its days, each rounded once', async () => {
    // Three thirds of a cent in January make 0.01 (not 0.00 three times); February 0.005 rounds up.
    const invoices = [
      invoice('2026-01-05 10:00:00', { id: uuid('2b', 1), amountFiatUSD: '0.003', amountFiat: '0.003' }),
      invoice('2026-01-06 10:00:00', { id: uuid('2b', 2), amountFiatUSD: '0.003', amountFiat: '0.003' }),
      invoice('2026-01-31 23:59:59', { id: uuid('2b', 3), amountFiatUSD: '0.004', amountFiat: '0.004' }),
      invoice('2026-02-01 00:00:00', { id: uuid('2b', 4), amountFiatUSD: '0.005', amountFiat: '0.005' }),
      invoice('2026-02-10 00:00:00', { id: uuid('2b', 5), status: 'expired' }),
    ];
    const { json } = await build({ invoices }, '2026-Q1', 'UTC');
    expect(json.invoices.months).toEqual([
      { month: '2026-01', paid: 3, paidTotalUSD: 0.01 },
      { month: '2026-02', paid: 1, paidTotalUSD: 0.01 },
      { month: '2026-03', paid: 0, paidTotalUSD: 0 },
    ]);
    expect(json.invoices.byMonth).toEqual({ '2026-01': 0.01, '2026-02': 0.01, '2026-03': 0 });
    // The quarter's total is its own exact sum rounded once: 0.015 → 0.02.
    expect(json.invoices.paidTotalUSD).toBe(0.02);
    expect(json.invoices.total).toBe(5);
    expect(json.invoices.days).toHaveLength(90);
  });

  it('asks the service for the quarter and the previous quarter by their covering dates', async () => {
    // Q2 2026 in UTC: 1 Apr 00:00 − 12 h = 31 Mar 12:00; 1 Jul 00:00 + 14 h = 1 Jul 14:00, so up to 2 Jul.
    // Q1: 1 Jan 00:00 − 12 h = 31 Dec 12:00; 1 Apr 00:00 + 14 h = 1 Apr 14:00, so up to 2 Apr.
    const { client } = await build({}, '2026-Q2', 'UTC');
    const window = { startDate: '2026-03-31', endDate: '2026-07-02' };
    expect(client.calls).toEqual(
      expect.arrayContaining([
        { method: 'invoiceStatistics', filter: window },
        { method: 'invoices', filter: window },
        { method: 'payments', filter: window },
        { method: 'invoices', filter: { startDate: '2025-12-31', endDate: '2026-04-02', status: 'paid' } },
      ]),
    );
    expect(client.calls).toHaveLength(4);
  });
});

describe('buildReport for a month not ended', () => {
  // November 2026 in Berlin, made on 23 November at 14:35 CET (13:35 UTC): 22 days and 14 h 35 min in.
  // October's same span runs from 1 October 00:00 CEST (30 Sep 22:00 UTC) to 23 October 14:35 CEST
  // (12:35 UTC).
  const NOW = new Date('2026-11-23T13:35:00Z');
  const paid = (id: number, at: string, usd: string) =>
    invoice(serviceTime(at), { id: uuid('2c', id), amountFiatUSD: usd, amountFiat: usd });
  const invoices = [
    // November: 1 Nov 00:00:00 and 23 Nov 14:34:59 count (100 + 50); 14:35:00 and later do not.
    paid(1, '2026-10-31T23:00:00Z', '100'),
    paid(2, '2026-11-23T13:34:59Z', '50'),
    paid(3, '2026-11-23T13:35:00Z', '7'),
    paid(4, '2026-11-30T12:00:00Z', '9'),
    // October: 1 Oct 00:00:00 and 23 Oct 14:34:59 are in the same span (40 + 60); the rest of the month
    // (1000 + 500) and the last second of September are not.
    paid(5, '2026-09-30T22:00:00Z', '40'),
    paid(6, '2026-10-23T12:34:59Z', '60'),
    paid(7, '2026-10-23T12:35:00Z', '1000'),
    paid(8, '2026-10-31T12:00:00Z', '500'),
    paid(9, '2026-09-30T21:59:59Z', '9'),
  ];

  it('is labelled with the instant it runs to and counts nothing after it', async () => {
    const { json, report } = await build({ invoices }, '2026-11', 'Europe/Berlin', NOW);
    // The period itself: report-period.test.ts.
    expect(json.period).toEqual(reportPeriod('2026-11', 'Europe/Berlin', NOW));
    expect(json.invoices).toMatchObject({ total: 2, paid: 2, paidTotalUSD: 150 });
    expect(report.paidInvoiceRows.rowCount).toBe(2);
    // Days up to the day asOf falls in, none of the days not lived yet.
    expect(json.invoices.days).toHaveLength(23);
    expect(json.invoices.days.at(-1)).toEqual({ date: '2026-11-23', paid: 1, paidTotalUSD: 50 });
    expect(Object.keys(json.invoices.byDay)).toHaveLength(23);
    expect(json.invoices.months).toEqual([{ month: '2026-11', paid: 2, paidTotalUSD: 150 }]);
  });

  it('is compared with the same elapsed days and hours of the month before, not the whole of it', async () => {
    const { json } = await build({ invoices }, '2026-11', 'Europe/Berlin', NOW);
    expect(json.previousPeriod).toEqual({
      kind: 'month',
      id: '2026-10',
      start: '2026-09-30T22:00:00.000Z',
      end: '2026-10-23T12:35:00.000Z',
      comparison: 'same-elapsed-span',
      paid: 2,
      paidTotalUSD: 100,
      // 150 against 100: +50 USD, +50 %. Against the whole of October (1,600) it would read -90.6 %.
      change: { paid: 0, paidTotalUSD: 50, paidTotalPercent: 50 },
    });
  });

  it('asks for the days lived so far and for the span of the month before it is compared with', async () => {
    // 31 Oct 23:00 − 12 h = 31 Oct 11:00; asOf 23 Nov 13:35 + 14 h = 24 Nov 03:35, so up to 25 Nov.
    // October's span: 30 Sep 22:00 − 12 h = 30 Sep 10:00; 23 Oct 12:35 + 14 h = 24 Oct 02:35, so up to 25 Oct.
    const { client } = await build({ invoices }, '2026-11', 'Europe/Berlin', NOW);
    const window = { startDate: '2026-10-31', endDate: '2026-11-25' };
    expect(client.calls).toEqual(
      expect.arrayContaining([
        { method: 'invoiceStatistics', filter: window },
        { method: 'invoices', filter: window },
        { method: 'invoices', filter: { startDate: '2026-09-30', endDate: '2026-10-25', status: 'paid' } },
      ]),
    );
  });

  it('refuses a period whose first instant is the moment of the report: nothing has happened in it', async () => {
    const attempt = build({}, '2026-12', 'UTC', new Date('2026-12-01T00:00:00Z'));
    await expect(attempt).rejects.toThrow('2026-12 has not begun yet in UTC: no report for it yet');
  });
});
