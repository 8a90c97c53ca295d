import { describe, expect, it } from 'vitest';
import type { InvoiceItem, InvoiceStatistics } from '../../../lib/invoicing/schemas';
import { reconcile, WindowLedger } from '../../../lib/report/reconcile';
import { invoice, PROJECT_A, PROJECT_B } from './support/records';

// A service that reads dates as days of UTC+3 and cuts its per-day figures there: its day D begins at
// D-1 21:00:00 UTC. The window is only carried through: reconcile compares, it does not interpret it.
const WINDOW = { startDate: '2026-02-28', endDate: '2026-04-02' };
const dayOfUtcPlus3 = (date: string, value: string) => ({
  date: Date.parse(`${date}T00:00:00+03:00`),
  value,
});

const paid = (
  createDatetime: string,
  projectId: string,
  currencyFiat: string,
  amountFiat: string,
  usd: string,
) => invoice(createDatetime, { projectId, currencyFiat, amountFiat, amountFiatUSD: usd });

// What the list returned for the window, with the day each falls on in UTC+3.
const LISTED: InvoiceItem[] = [
  paid('2026-03-09 20:59:59', PROJECT_A, 'EUR', '9', '10'), // 9 Mar 23:59:59
  paid('2026-03-09 21:00:00', PROJECT_B, 'USD', '20', '20'), // 10 Mar 00:00:00
  paid('2026-03-10 12:00:00', PROJECT_A, 'JPY', '1500', '10.05'), // 10 Mar
  invoice('2026-03-10 13:00:00', { status: 'unpaid', amountFiatUSD: '1100' }), // not paid: not counted
  // 11 Mar 23:30: 11 Mar begins 10 Mar 21:00 UTC, 12 Mar is not listed, so 11 Mar may end at
  // 11 Mar 20:00, 21:00 or 22:00 UTC (a 23-, 24- or 25-hour day): this invoice lies in those hours.
  paid('2026-03-11 20:30:00', PROJECT_A, 'USD', '0.5', '0.5'),
  paid('2026-03-12 23:00:00', PROJECT_B, 'EUR', '4.6', '5'), // 13 Mar 02:00
];

/** The honest statistics of `LISTED`, added up by hand. */
const HONEST: InvoiceStatistics = {
  invoicesTotalNum: 6,
  invoicesPaidNum: 5,
  invoicesTotalUSD: '45.55', // 10 + 20 + 10.05 + 0.5 + 5
  invoicesByProjects: { [PROJECT_A]: '20.55', [PROJECT_B]: '25' },
  invoicesByCurrencies: { EUR: '13.6', JPY: '1500', USD: '20.5' },
  invoicesByMonths: { 'March-2026': '45.55' },
  invoicesByDate: {
    '2026-03-09': dayOfUtcPlus3('2026-03-09', '10'),
    '2026-03-10': dayOfUtcPlus3('2026-03-10', '30.05'),
    '2026-03-11': dayOfUtcPlus3('2026-03-11', '0.5'),
    '2026-03-13': dayOfUtcPlus3('2026-03-13', '5'),
  },
};

/** Statistics of paid invoices that are all of project A: `count` of them, `usd` in all. */
const ofProjectA = (
  count: number,
  usd: string,
  invoicesByCurrencies: Record<string, string>,
  invoicesByDate: InvoiceStatistics['invoicesByDate'],
): InvoiceStatistics => ({
  ...HONEST,
  invoicesPaidNum: count,
  invoicesTotalUSD: usd,
  invoicesByProjects: { [PROJECT_A]: usd },
  invoicesByCurrencies,
  invoicesByDate,
});

function ledgerOf(invoices: InvoiceItem[], byDate: InvoiceStatistics['invoicesByDate']): WindowLedger {
  const ledger = new WindowLedger();
  // Half the invoices before the statistics arrive, half after: both are placed alike.
  const half = Math.ceil(invoices.length / 2);
  const add = (item: InvoiceItem) =>
    ledger.add(item, Date.parse(`${item.createDatetime.replace(' ', 'T')}Z`));
  invoices.slice(0, half).forEach(add);
  ledger.readDays(byDate);
  invoices.slice(half).forEach(add);
  return ledger;
}

function reconcileWith(
  statistics: InvoiceStatistics,
  options: { listed?: InvoiceItem[]; projectId?: string } = {},
) {
  return reconcile({
    statistics,
    window: WINDOW,
    ledger: ledgerOf(options.listed ?? LISTED, statistics.invoicesByDate),
    ...(options.projectId === undefined ? {} : { projectId: options.projectId }),
  });
}

type CheckView = { service: string; computed: string; difference: string; ok: boolean };
const checksOf = (result: ReturnType<typeof reconcile>): Record<string, CheckView> =>
  Object.fromEntries(
    result.checks.map((check) => [
      check.name,
      {
        service: check.service.toFixed(),
        computed: check.computed.toFixed(),
        difference: check.difference.toFixed(),
        ok: check.ok,
      },
    ]),
  );
const agreeing = (value: string) => ({ service: value, computed: value, difference: '0', ok: true });
const failing = (result: ReturnType<typeof reconcile>) =>
  Object.fromEntries(
    result.checks.filter((check) => !check.ok).map((check) => [check.name, check.difference.toFixed()]),
  );

describe('reconcile', () => {
  it('agrees with honest statistics of the same window, day by day where days are established', () => {
    const result = reconcileWith(HONEST);
    expect(checksOf(result)).toEqual({
      paidCount: agreeing('5'),
      paidTotalUSD: agreeing('45.55'),
      [`project:${PROJECT_A}`]: agreeing('20.55'),
      [`project:${PROJECT_B}`]: agreeing('25'),
      'currency:EUR': agreeing('13.6'),
      'currency:JPY': agreeing('1500'),
      'currency:USD': agreeing('20.5'),
      'day:2026-03-09': agreeing('10'),
      'day:2026-03-10': agreeing('30.05'),
      // 13 Mar's next day is not listed either, but its one invoice is two hours into it.
      'day:2026-03-13': agreeing('5'),
    });
    expect(result.ok).toBe(true);
    expect(result.currencyUnit).toBe('fiat');
  });

  it('says why a day whose end is not established is not checked', () => {
    expect(reconcileWith(HONEST).notChecked).toEqual([
      {
        name: 'day:2026-03-11',
        reason:
          'The service lists no figure for 12 Mar 2026, so it does not say where 11 Mar 2026 ends (a day may ' +
          'last 23, 24 or 25 hours), and 1 paid invoice (0.50 USD) lies in the hours that belong to one or the other.',
      },
    ]);
  });

  it('records the window, what the list returned for it, and where each service day begins', () => {
    const result = reconcileWith(HONEST);
    expect(result.window).toEqual(WINDOW);
    expect(result.listed.paid).toBe(5);
    expect(result.listed.paidTotalUSD.toFixed()).toBe('45.55');
    expect(result.statistics).toEqual({ invoicesTotalNum: 6 });
    const day = result.checks.find((check) => check.name === 'day:2026-03-10');
    expect(day?.dayStart).toBe('2026-03-09T21:00:00.000Z');
  });

  it('reports one extra paid invoice once, on the checks it touches, with its exact amount', () => {
    // The statistics count a paid invoice of 10.00 USD of project A on 10 Mar that the list never returned.
    const result = reconcileWith({
      ...HONEST,
      invoicesTotalNum: 7,
      invoicesPaidNum: 6,
      invoicesTotalUSD: '55.55',
      invoicesByProjects: { [PROJECT_A]: '30.55', [PROJECT_B]: '25' },
      invoicesByCurrencies: { EUR: '13.6', JPY: '1500', USD: '30.5' },
      invoicesByDate: { ...HONEST.invoicesByDate, '2026-03-10': dayOfUtcPlus3('2026-03-10', '40.05') },
    });
    expect(result.ok).toBe(false);
    expect(failing(result)).toEqual({
      paidCount: '1',
      paidTotalUSD: '10',
      [`project:${PROJECT_A}`]: '10',
      'currency:USD': '10',
      'day:2026-03-10': '10',
    });
  });

  it('reports paid invoices on a day the statistics leave out as a difference of that day', () => {
    // The statistics count the 5.00 USD invoice of 13 Mar in every total, but list no figure for its day.
    const { '2026-03-13': _left, ...otherDays } = HONEST.invoicesByDate;
    const result = reconcileWith({ ...HONEST, invoicesByDate: otherDays });
    expect(failing(result)).toEqual({ 'day:2026-03-13': '-5' });
    const day = result.checks.find((check) => check.name === 'day:2026-03-13');
    // Named in UTC+3, the offset of the listed day before it; it has no start of its own.
    expect(day?.dayStart).toBeNull();
    expect(checksOf(result)['day:2026-03-13']).toEqual({
      service: '0',
      computed: '5',
      difference: '-5',
      ok: false,
    });
  });

  it('takes the figure of a day that statistics asked for later list and the first answer left out', () => {
    // The days were read from a first answer without 13 Mar (its 5.00 USD invoice was not paid yet);
    // the statistics asked for again, once the lists were read, list the day with that invoice.
    const { '2026-03-13': _left, ...otherDays } = HONEST.invoicesByDate;
    const result = reconcile({ statistics: HONEST, window: WINDOW, ledger: ledgerOf(LISTED, otherDays) });
    expect(failing(result)).toEqual({});
    expect(checksOf(result)['day:2026-03-13']).toEqual(agreeing('5'));
    const day = result.checks.find((check) => check.name === 'day:2026-03-13');
    expect(day?.dayStart).toBe('2026-03-12T21:00:00.000Z');
  });

  it('takes a day the first answer listed and statistics asked for later leave out as 0, not a failure', () => {
    // The days were read from the honest answer; a later answer (from a replica that lags, say) has no
    // figure for 13 Mar, nor its 5.00 USD anywhere.
    const { '2026-03-13': _left, ...otherDays } = HONEST.invoicesByDate;
    const later: InvoiceStatistics = {
      ...HONEST,
      invoicesPaidNum: 4,
      invoicesTotalUSD: '40.55',
      invoicesByProjects: { [PROJECT_A]: '20.55', [PROJECT_B]: '20' },
      invoicesByCurrencies: { EUR: '9', JPY: '1500', USD: '20.5' },
      invoicesByDate: otherDays,
    };
    const result = reconcile({
      statistics: later,
      window: WINDOW,
      ledger: ledgerOf(LISTED, HONEST.invoicesByDate),
    });
    expect(failing(result)).toEqual({
      paidCount: '-1',
      paidTotalUSD: '-5',
      [`project:${PROJECT_B}`]: '-5',
      'currency:EUR': '-4.6',
      'day:2026-03-13': '-5',
    });
  });

  it('names an unlisted day from the offset of the nearer listed day', () => {
    // A service in UTC-10 lists 9 Mar (begins 9 Mar 10:00 UTC) and 12 Mar (begins 12 Mar 10:00 UTC);
    // an invoice of 10 Mar 23:00 UTC falls on 10 Mar there, a day the statistics leave out.
    const minus10 = (date: string, value: string) => ({ date: Date.parse(`${date}T00:00:00-10:00`), value });
    const listed = [
      paid('2026-03-09 12:00:00', PROJECT_A, 'USD', '1', '1'),
      paid('2026-03-10 23:00:00', PROJECT_A, 'USD', '2', '2'),
      paid('2026-03-12 12:00:00', PROJECT_A, 'USD', '4', '4'),
    ];
    const result = reconcileWith(
      ofProjectA(
        3,
        '7',
        { USD: '7' },
        { '2026-03-09': minus10('2026-03-09', '1'), '2026-03-12': minus10('2026-03-12', '4') },
      ),
      { listed },
    );
    expect(failing(result)).toEqual({ 'day:2026-03-10': '-2' });
  });

  it('checks no day when the per-day figures do not say consistently where days begin', () => {
    // 9 Mar 2026 00:00 UTC in seconds, not milliseconds: 1,773,014,400 ms is 20 days, 12:30:14.4 into 1970.
    const seconds = { date: 1_773_014_400, value: '10' };
    const result = reconcileWith({ ...HONEST, invoicesByDate: { '2026-03-09': seconds } });
    expect(result.checks.map((check) => check.name).filter((name) => name.startsWith('day:'))).toEqual([]);
    expect(result.notChecked).toEqual([
      {
        name: 'day:*',
        reason:
          "The service's days cannot be told apart: its per-day figures say 2026-03-09 begins at " +
          "1970-01-21T12:30:14.400Z, which is no time zone's midnight of that date.",
      },
    ]);
    expect(result.ok).toBe(true);
  });

  it.each([
    [
      'a key that is not a date',
      { '2026-3-9': dayOfUtcPlus3('2026-03-09', '10') },
      'its per-day figures have a key that is not a date ("2026-3-9")',
    ],
    [
      'a day that begins before the day before it',
      {
        '2026-03-09': { date: Date.parse('2026-03-09T11:00:00Z'), value: '10' },
        '2026-03-10': { date: Date.parse('2026-03-09T10:00:00Z'), value: '30.05' },
      },
      'its per-day figures say 2026-03-10 begins no later than 2026-03-09',
    ],
  ])('checks no day for %s', (_case, invoicesByDate, problem) => {
    const result = reconcileWith({ ...HONEST, invoicesByDate });
    expect(result.notChecked).toEqual([
      { name: 'day:*', reason: `The service's days cannot be told apart: ${problem}.` },
    ]);
  });

  it('compares currencies in USD when the service evidently totals them in USD', () => {
    // In USD: EUR 10 + 5 = 15, JPY 10.05, USD 20 + 0.5 = 20.5.
    const result = reconcileWith({
      ...HONEST,
      invoicesByCurrencies: { EUR: '15', JPY: '10.05', USD: '20.5' },
    });
    expect(result.currencyUnit).toBe('usd');
    expect(result.ok).toBe(true);
    expect(checksOf(result)['currency:EUR']).toEqual(agreeing('15'));
  });

  it('stays with USD when the service totals in USD and one currency has a real difference', () => {
    // In USD the list has EUR 10 + 5 = 15, JPY 10.05, USD 20 + 0.5 = 20.5; the service says 20 for EUR.
    // In their own currencies JPY would be 1500 against 10.05, a difference no reading of USD totals has.
    const result = reconcileWith({
      ...HONEST,
      invoicesByCurrencies: { EUR: '20', JPY: '10.05', USD: '20.5' },
    });
    expect(result.currencyUnit).toBe('usd');
    expect(failing(result)).toEqual({ 'currency:EUR': '5' });
  });

  it('stays with the fiat unit, and shows the difference, when neither unit agrees', () => {
    const result = reconcileWith({
      ...HONEST,
      invoicesByCurrencies: { EUR: '30', JPY: '1500', USD: '20.5' },
    });
    expect(result.currencyUnit).toBe('fiat');
    expect(failing(result)).toEqual({ 'currency:EUR': '16.4' });
  });

  it.each([
    ['rounded to whole yen', '1501', '1501'],
    ['unrounded', '1500.5', '1500.5'],
  ])('agrees with a yen total %s', (_reading, service, computed) => {
    // 1000.2 + 500.3 = 1500.5 yen: 1501 in whole yen.
    const listed = [
      paid('2026-03-02 10:00:00', PROJECT_A, 'JPY', '1000.2', '6.7'),
      paid('2026-03-03 10:00:00', PROJECT_A, 'JPY', '500.3', '3.35'),
    ];
    const result = reconcileWith(
      ofProjectA(
        2,
        '10.05',
        { JPY: service },
        {
          '2026-03-02': dayOfUtcPlus3('2026-03-02', '6.7'),
          '2026-03-03': dayOfUtcPlus3('2026-03-03', '3.35'),
        },
      ),
      { listed },
    );
    expect(checksOf(result)['currency:JPY']).toEqual(agreeing(computed));
    expect(result.ok).toBe(true);
  });

  it('makes only the project check with a project, and says why the others are not made', () => {
    const projectA = LISTED.filter((item) => item.projectId === PROJECT_A);
    const result = reconcileWith(HONEST, { listed: projectA, projectId: PROJECT_A });
    expect(checksOf(result)).toEqual({ [`project:${PROJECT_A}`]: agreeing('20.55') });
    const reason = 'The statistics cover every project, and the invoices were listed for this project only.';
    expect(result.notChecked).toEqual([
      { name: 'paidCount', reason },
      { name: 'paidTotalUSD', reason },
      { name: 'currency:*', reason },
      { name: 'day:*', reason },
    ]);
    expect(result.currencyUnit).toBeNull();
    // 10 + 10.05 + 0.5: the project's paid invoices in the window.
    expect(result.listed.paidTotalUSD.toFixed()).toBe('20.55');
  });

  describe('a service that totals each amount as it shows it, rounded to the cent', () => {
    // Ten invoices of 1.005 USD (an amount converted at a rate), on 9 Mar in UTC+3: 10.05 USD exactly,
    // 10.10 USD added up cent by cent (1.01 each).
    const listed = Array.from({ length: 10 }, () =>
      paid('2026-03-09 10:00:00', PROJECT_A, 'EUR', '1', '1.005'),
    );
    const statistics = (usd: string) =>
      ofProjectA(10, usd, { EUR: '10' }, { '2026-03-09': dayOfUtcPlus3('2026-03-09', usd) });

    it('agrees with it, on the total, the project and the day', () => {
      const result = reconcileWith(statistics('10.1'), { listed });
      expect(checksOf(result)).toEqual({
        paidCount: agreeing('10'),
        paidTotalUSD: agreeing('10.1'),
        [`project:${PROJECT_A}`]: agreeing('10.1'),
        'currency:EUR': agreeing('10'),
        'day:2026-03-09': agreeing('10.1'),
      });
      expect(result.ok).toBe(true);
    });

    it('still reports a real difference, against the exact sum', () => {
      const result = reconcileWith(statistics('10.2'), { listed });
      expect(failing(result)).toEqual({
        paidTotalUSD: '0.15',
        [`project:${PROJECT_A}`]: '0.15',
        'day:2026-03-09': '0.15',
      });
    });
  });

  it('takes a cent of difference in floating point noise for a cent', () => {
    const listed = [paid('2026-03-09 10:00:00', PROJECT_A, 'USD', '32.93', '32.93')];
    const noisy = '32.940000000000005';
    const result = reconcileWith(
      ofProjectA(1, noisy, { USD: '32.93' }, { '2026-03-09': dayOfUtcPlus3('2026-03-09', '32.93') }),
      { listed },
    );
    expect(checksOf(result).paidTotalUSD).toEqual({
      service: noisy,
      computed: '32.93',
      difference: '0.010000000000005',
      ok: true,
    });
    expect(result.ok).toBe(true);
  });

  it('agrees on an empty window', () => {
    const empty = { ...ofProjectA(0, '0', {}, {}), invoicesTotalNum: 0, invoicesByProjects: {} };
    const result = reconcileWith(empty, { listed: [] });
    expect(checksOf(result)).toEqual({ paidCount: agreeing('0'), paidTotalUSD: agreeing('0') });
    expect(result.notChecked).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('does not take a currency code for an inherited member', () => {
    const listed = [paid('2026-03-09 10:00:00', PROJECT_A, 'constructor', '5', '5')];
    const result = reconcileWith(ofProjectA(1, '5', {}, { '2026-03-09': dayOfUtcPlus3('2026-03-09', '5') }), {
      listed,
    });
    expect(failing(result)).toEqual({ 'currency:constructor': '-5' });
  });
});
