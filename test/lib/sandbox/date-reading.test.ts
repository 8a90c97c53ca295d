import { describe, expect, it } from 'vitest';
import type { InvoiceItemJson, PaymentItemJson } from '../../../lib/sandbox/month-generator';
import {
  datasetInvoice,
  datasetPayment,
  listAll,
  NOW,
  P1,
  P2,
  post,
  SEED,
  sandboxesForFile,
  statisticsOfListed,
} from './sandbox-fixtures';

const serve = sandboxesForFile();

/** What the three endpoints answer for the same dates. */
async function answersFor(url: string, dates: { startDate: string; endDate: string }) {
  const invoices = await listAll<InvoiceItemJson>(url, '/invoices/list', dates);
  const payments = await listAll<PaymentItemJson>(url, '/payments/list', dates);
  const statistics = await post(url, '/statistics/invoices', dates);
  expect(statistics.status).toBe(200);
  return {
    invoices: invoices.map((invoice) => invoice.uid),
    payments: payments.map((payment) => payment.hash),
    statistics: statistics.body.data,
  };
}

const invoice = (id: string, createDatetime: string, usd: number, fields: Record<string, unknown> = {}) =>
  datasetInvoice(id, { uid: id, createDatetime, amountFiatUSD: usd, amountFiat: usd, ...fields });

/**
 * Invoices a second either side of where October 2026 begins and ends in UTC, UTC+3 and UTC−10. The
 * amounts are powers of two, so every sum says which invoices it holds.
 */
const OCTOBER_EDGES = {
  invoices: [
    invoice('A', '2026-09-30 20:59:59', 1), // 23:59:59 on Sep 30 in UTC+3
    invoice('B', '2026-09-30 21:00:00', 2), // 00:00:00 on Oct 1 in UTC+3
    invoice('C', '2026-10-01 00:00:00', 4),
    invoice('D', '2026-10-01 09:59:59', 8, { projectId: P2 }), // 23:59:59 on Sep 30 in UTC−10
    invoice('E', '2026-10-01 10:00:00', 16), // 00:00:00 on Oct 1 in UTC−10
    invoice('F', '2026-10-31 20:59:59', 32, { currencyFiat: 'EUR', amountFiat: 30 }), // 23:59:59 in UTC+3
    invoice('G', '2026-10-31 23:59:59', 64, { projectId: P2 }),
    invoice('H', '2026-11-01 00:00:00', 128),
    invoice('I', '2026-11-01 09:59:59', 256, { projectId: P2 }), // 23:59:59 on Oct 31 in UTC−10
    invoice('J', '2026-11-01 10:00:00', 512), // 00:00:00 on Nov 1 in UTC−10
    invoice('K', '2026-10-15 12:00:00', 1000, { projectId: P2, status: 'expired' }),
  ],
  payments: [
    datasetPayment('1', '2026-09-30 20:59:59', 0.1),
    datasetPayment('2', '2026-09-30 21:00:00', 0.1),
    datasetPayment('3', '2026-10-31 23:59:59', 0.1),
    datasetPayment('4', '2026-11-01 00:00:00', 0.1),
    datasetPayment('5', '2026-11-01 09:59:59', 0.1),
    datasetPayment('6', '2026-11-01 10:00:00', 0.1),
  ],
};

/** Midnight UTC of 2026-10-01, 2026-10-31 and 2026-11-01, in milliseconds. */
const OCT_1 = 1_790_812_800_000;
const OCT_31 = 1_793_404_800_000;
const NOV_1 = 1_793_491_200_000;
const HOUR_MS = 3_600_000;

describe('the reading of startDate and endDate, on all three endpoints', () => {
  it('reads UTC days with an exclusive endDate: October is 2026-10-01 to 2026-11-01', async () => {
    const url = await serve({ dataset: OCTOBER_EDGES, endDate: 'exclusive' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '2026-11-01' });
    expect(answers.invoices).toEqual(['G', 'F', 'K', 'E', 'D', 'C']);
    expect(answers.payments).toEqual(['hash-3']);
    expect(answers.statistics).toEqual({
      invoicesTotalNum: 6,
      invoicesPaidNum: 5,
      invoicesTotalUSD: 124,
      invoicesByProjects: { [P1]: 52, [P2]: 72 },
      invoicesByCurrencies: { EUR: 30, USD: 92 },
      invoicesByMonths: { 'October-2026': 124 },
      invoicesByDate: {
        '2026-10-01': { date: OCT_1, value: 28 },
        '2026-10-31': { date: OCT_31, value: 96 },
      },
    });
    // The day endDate names is left out: the last day of October alone is empty.
    const lastDay = await answersFor(url, { startDate: '2026-10-31', endDate: '2026-10-31' });
    expect(lastDay).toMatchObject({ invoices: [], payments: [], statistics: { invoicesTotalNum: 0 } });
  });

  it('reads UTC+3 days with an inclusive endDate, keying the statistics by UTC+3 days', async () => {
    const url = await serve({ dataset: OCTOBER_EDGES, dateZone: '+03:00' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(answers.invoices).toEqual(['F', 'K', 'E', 'D', 'C', 'B']);
    expect(answers.payments).toEqual(['hash-2']);
    expect(answers.statistics).toEqual({
      invoicesTotalNum: 6,
      invoicesPaidNum: 5,
      invoicesTotalUSD: 62,
      invoicesByProjects: { [P1]: 54, [P2]: 8 },
      invoicesByCurrencies: { EUR: 30, USD: 30 },
      invoicesByMonths: { 'October-2026': 62 },
      invoicesByDate: {
        '2026-10-01': { date: OCT_1 - 3 * HOUR_MS, value: 30 },
        '2026-10-31': { date: OCT_31 - 3 * HOUR_MS, value: 32 },
      },
    });
  });

  it('reads UTC−10 days with an inclusive endDate, keying the statistics by UTC days', async () => {
    const url = await serve({ dataset: OCTOBER_EDGES, dateZone: '-10:00', statsDayKeys: 'utc' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(answers.invoices).toEqual(['I', 'H', 'G', 'F', 'K', 'E']);
    expect(answers.payments).toEqual(['hash-5', 'hash-4', 'hash-3']);
    // The range touches three UTC days; each holds only the invoices inside the range (E alone on
    // 2026-10-01, though C and D were created that UTC day too).
    expect(answers.statistics).toEqual({
      invoicesTotalNum: 6,
      invoicesPaidNum: 5,
      invoicesTotalUSD: 496,
      invoicesByProjects: { [P1]: 176, [P2]: 320 },
      invoicesByCurrencies: { EUR: 30, USD: 464 },
      invoicesByMonths: { 'October-2026': 112, 'November-2026': 384 },
      invoicesByDate: {
        '2026-10-01': { date: OCT_1, value: 16 },
        '2026-10-31': { date: OCT_31, value: 96 },
        '2026-11-01': { date: NOV_1, value: 384 },
      },
    });
  });

  it('keys the statistics by UTC−10 days when those are the date zone’s', async () => {
    const url = await serve({ dataset: OCTOBER_EDGES, dateZone: '-10:00' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(answers.invoices).toEqual(['I', 'H', 'G', 'F', 'K', 'E']);
    expect(answers.statistics).toMatchObject({
      invoicesTotalUSD: 496,
      invoicesByMonths: { 'October-2026': 496 },
      invoicesByDate: {
        '2026-10-01': { date: OCT_1 + 10 * HOUR_MS, value: 16 },
        '2026-10-31': { date: OCT_31 + 10 * HOUR_MS, value: 480 },
      },
    });
  });

  it('reads endDate 9999-12-31 of UTC−10 as no end at all', async () => {
    const url = await serve({ dataset: OCTOBER_EDGES, dateZone: '-10:00' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '9999-12-31' });
    expect(answers.invoices).toEqual(['J', 'I', 'H', 'G', 'F', 'K', 'E']);
    expect(answers.payments).toEqual(['hash-6', 'hash-5', 'hash-4', 'hash-3']);
    expect(answers.statistics).toMatchObject({ invoicesTotalNum: 7, invoicesTotalUSD: 1008 });
  });

  it('reads Asia/Tokyo days, nine hours ahead of UTC', async () => {
    const dataset = {
      invoices: [
        invoice('T1', '2026-09-30 14:59:59', 1.5), // 23:59:59 on Sep 30 in Tokyo
        invoice('T2', '2026-09-30 15:00:00', 2.25), // 00:00:00 on Oct 1
        invoice('T3', '2026-10-31 14:59:59', 3.75), // 23:59:59 on Oct 31
        invoice('T4', '2026-10-31 15:00:00', 4.5), // 00:00:00 on Nov 1
      ],
      payments: [],
    };
    const url = await serve({ dataset, dateZone: 'Asia/Tokyo' });
    const answers = await answersFor(url, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(answers.invoices).toEqual(['T3', 'T2']);
    expect(answers.statistics).toEqual({
      invoicesTotalNum: 2,
      invoicesPaidNum: 2,
      invoicesTotalUSD: 6,
      invoicesByProjects: { [P1]: 6 },
      invoicesByCurrencies: { USD: 6 },
      invoicesByMonths: { 'October-2026': 6 },
      invoicesByDate: {
        '2026-10-01': { date: OCT_1 - 9 * HOUR_MS, value: 2.25 },
        '2026-10-31': { date: OCT_31 - 9 * HOUR_MS, value: 3.75 },
      },
    });
  });

  describe('America/New_York across its changes of clock', () => {
    const dataset = {
      invoices: [
        invoice('M1', '2026-03-08 04:59:59', 3), // 23:59:59 EST on Mar 7
        invoice('M2', '2026-03-08 05:00:00', 5), // 00:00:00 EST on Mar 8
        invoice('M3', '2026-03-08 07:00:00', 7), // 03:00:00 EDT, the clocks just gone forward
        invoice('M4', '2026-03-09 03:59:59', 11), // 23:59:59 EDT on Mar 8
        invoice('M5', '2026-03-09 04:00:00', 13), // 00:00:00 EDT on Mar 9
        invoice('N1', '2026-11-01 03:59:59', 17), // 23:59:59 EDT on Oct 31
        invoice('N2', '2026-11-01 04:00:00', 19), // 00:00:00 EDT on Nov 1
        invoice('N3', '2026-11-01 05:30:00', 23), // 01:30:00 EDT
        invoice('N4', '2026-11-01 06:30:00', 29), // 01:30:00 EST, the same hour again
        invoice('N5', '2026-11-02 04:59:59', 31), // 23:59:59 EST on Nov 1
        invoice('N6', '2026-11-02 05:00:00', 37), // 00:00:00 EST on Nov 2
      ],
      payments: [],
    };

    it('takes 23 hours for 2026-03-08', async () => {
      const url = await serve({ dataset, dateZone: 'America/New_York' });
      const answers = await answersFor(url, { startDate: '2026-03-08', endDate: '2026-03-08' });
      expect(answers.invoices).toEqual(['M4', 'M3', 'M2']);
      expect(answers.statistics).toMatchObject({
        invoicesTotalNum: 3,
        invoicesTotalUSD: 23,
        invoicesByDate: { '2026-03-08': { date: Date.UTC(2026, 2, 8, 5), value: 23 } },
      });
    });

    it('takes 25 hours for 2026-11-01', async () => {
      const url = await serve({ dataset, dateZone: 'America/New_York' });
      const answers = await answersFor(url, { startDate: '2026-11-01', endDate: '2026-11-01' });
      expect(answers.invoices).toEqual(['N5', 'N4', 'N3', 'N2']);
      expect(answers.statistics).toMatchObject({
        invoicesTotalNum: 4,
        invoicesTotalUSD: 102,
        invoicesByMonths: { 'November-2026': 102 },
        invoicesByDate: { '2026-11-01': { date: Date.UTC(2026, 10, 1, 4), value: 102 } },
      });
    });

    it('starts each day of March at its own midnight, EST or EDT', async () => {
      const url = await serve({ dataset, dateZone: 'America/New_York' });
      const answers = await answersFor(url, { startDate: '2026-03-01', endDate: '2026-03-31' });
      expect(answers.invoices).toEqual(['M5', 'M4', 'M3', 'M2', 'M1']);
      expect(answers.statistics.invoicesByDate).toEqual({
        '2026-03-07': { date: Date.UTC(2026, 2, 7, 5), value: 3 },
        '2026-03-08': { date: Date.UTC(2026, 2, 8, 5), value: 23 },
        '2026-03-09': { date: Date.UTC(2026, 2, 9, 4), value: 13 },
      });
    });
  });
});

describe('generated data read in other zones', () => {
  /** `Y-m-d` of a service datetime in an IANA zone, through `Intl` rather than the sandbox's code. */
  const dayIn = (zone: string) => {
    const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' });
    return (createDatetime: string) => formatter.format(Date.parse(`${createDatetime.replace(' ', 'T')}Z`));
  };

  it.each([
    {
      reading: { dateZone: '+03:00' },
      dates: { startDate: '2026-10-01', endDate: '2026-10-31' },
      first: '2026-09-30 21:00:00',
      last: '2026-10-31 20:59:59',
      // Etc/GMT-3 is UTC+3 (POSIX signs): the same days, named apart from the sandbox's code.
      dayOf: dayIn('Etc/GMT-3'),
      dateOf: (day: string) => Date.parse(`${day}T00:00:00+03:00`),
    },
    {
      reading: { dateZone: '-10:00', statsDayKeys: 'utc' as const },
      dates: { startDate: '2026-09-15', endDate: '2026-10-31' },
      first: '2026-09-15 10:00:00',
      last: '2026-11-01 09:59:59',
      dayOf: (createDatetime: string) => createDatetime.slice(0, 10),
      dateOf: (day: string) => Date.parse(`${day}T00:00:00Z`),
    },
    {
      reading: { endDate: 'exclusive' as const },
      dates: { startDate: '2026-02-15', endDate: '2026-05-01' },
      first: '2026-02-15 00:00:00',
      last: '2026-04-30 23:59:59',
      dayOf: (createDatetime: string) => createDatetime.slice(0, 10),
      dateOf: (day: string) => Date.parse(`${day}T00:00:00Z`),
    },
    {
      // Whole months in the middle (their day totals are kept), cut ones at either end.
      reading: { dateZone: 'America/New_York' },
      dates: { startDate: '2026-02-20', endDate: '2026-04-10' },
      first: '2026-02-20 05:00:00',
      last: '2026-04-11 03:59:59',
      dayOf: dayIn('America/New_York'),
      dateOf: () => expect.any(Number),
    },
  ])(
    'agrees between lists and statistics with $reading from $dates.startDate to $dates.endDate',
    async ({ reading, dates, first, last, dayOf, dateOf }) => {
      const url = await serve({ seed: SEED, now: NOW, ...reading });
      const everything = await listAll<InvoiceItemJson>(url, '/invoices/list');
      const listed = await listAll<InvoiceItemJson>(url, '/invoices/list', dates);
      const expected = everything.filter(
        (invoice) => invoice.createDatetime >= first && invoice.createDatetime <= last,
      );
      expect(listed.map((invoice) => invoice.id)).toEqual(expected.map((invoice) => invoice.id));
      const payments = await listAll<PaymentItemJson>(url, '/payments/list', dates);
      expect(
        payments.every(
          (payment) => payment.transactionDatetime >= first && payment.transactionDatetime <= last,
        ),
      ).toBe(true);
      expect(payments.length).toBeGreaterThan(0);
      const statistics = await post(url, '/statistics/invoices', dates);
      expect(statistics.body.data).toEqual(statisticsOfListed(expected, dayOf, dateOf));
    },
  );
});
