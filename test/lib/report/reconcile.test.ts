import type Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { InvoiceItem, InvoiceStatistics } from '../../../lib/invoicing/schemas';
import { reconcile } from '../../../lib/report/reconcile';
import { PaidDayLedger } from '../../../lib/report/reconcile-ledger';
import { invoice, PROJECT_A, PROJECT_B } from './support/records';

// March 2026 in UTC: the month's days are 03-01..03-31; the statistics are asked for 02-28..04-01 and
// the invoices listed for 02-27..04-02.
const DAYS = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const STATISTICS_RANGE = { startDate: '2026-02-28', endDate: '2026-04-01' };

const paid = (
  createDatetime: string,
  projectId: string,
  currencyFiat: string,
  amountFiat: string,
  usd: string,
) => invoice(createDatetime, { projectId, currencyFiat, amountFiat, amountFiatUSD: usd });

const FIXTURE: InvoiceItem[] = [
  paid('2026-02-27 12:00:00', PROJECT_A, 'EUR', '10', '11'), // two days before: never counted
  paid('2026-02-28 00:00:00', PROJECT_B, 'EUR', '1', '1.1'), // lower margin day, at midnight
  paid('2026-02-28 23:59:59', PROJECT_A, 'EUR', '20', '22'), // lower margin day
  paid('2026-03-01 00:00:00', PROJECT_A, 'EUR', '0.1', '0.11'),
  paid('2026-03-01 00:00:00', PROJECT_B, 'USD', '0.2', '0.2'),
  invoice('2026-03-15 12:00:00', { status: 'unpaid', amountFiatUSD: '1100' }),
  paid('2026-03-31 23:59:59', PROJECT_B, 'USD', '100', '99.5'), // received a little less than asked
  paid('2026-04-01 00:00:00', PROJECT_A, 'JPY', '1500', '10.05'), // upper margin day, at midnight
  paid('2026-04-01 10:00:00', PROJECT_B, 'EUR', '5', '5.5'), // upper margin day
  paid('2026-04-02 09:00:00', PROJECT_A, 'EUR', '7', '7.7'), // two days after: never counted
];

function ledgerOf(invoices: InvoiceItem[]): PaidDayLedger {
  const ledger = new PaidDayLedger('2026-02-27', '2026-04-02');
  for (const item of invoices) ledger.add(item);
  return ledger;
}

const byDate = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([day, value]) => [day, { date: Date.parse(`${day}T00:00:00Z`), value }]),
  );

function statistics(overrides: Partial<InvoiceStatistics>): InvoiceStatistics {
  return {
    invoicesTotalNum: 0,
    invoicesPaidNum: 0,
    invoicesTotalUSD: '0',
    invoicesByProjects: {},
    invoicesByCurrencies: {},
    invoicesByMonths: {},
    invoicesByDate: {},
    ...overrides,
  };
}

/** `reconcile` of the month of `DAYS`, with statistics asked for `STATISTICS_RANGE`; by default over `FIXTURE`. */
function reconcileWith(
  overrides: Partial<InvoiceStatistics>,
  options: { ledger?: PaidDayLedger; projectId?: string } = {},
) {
  return reconcile({
    statistics: statistics(overrides),
    statisticsRange: STATISTICS_RANGE,
    days: DAYS,
    ledger: options.ledger ?? ledgerOf(FIXTURE),
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
const nonDayChecks = (result: ReturnType<typeof reconcile>) =>
  Object.fromEntries(Object.entries(checksOf(result)).filter(([name]) => !name.startsWith('day:')));

describe('reconcile', () => {
  it('agrees with a service whose bounds are whole days, both included', () => {
    // Covers 02-28..04-01: everything but 02-27 and 04-02.
    const result = reconcileWith({
      invoicesTotalNum: 8,
      invoicesPaidNum: 7,
      invoicesTotalUSD: '138.46',
      invoicesByProjects: { [PROJECT_A]: '32.16', [PROJECT_B]: '106.3' },
      invoicesByCurrencies: { EUR: '26.1', USD: '100.2', JPY: '1500' },
      invoicesByDate: byDate({
        '2026-02-28': '23.1',
        '2026-03-01': '0.31',
        '2026-03-31': '99.5',
        '2026-04-01': '15.55',
      }),
    });
    expect(result.ok).toBe(true);
    expect(result.currencyUnit).toBe('fiat');
    expect(result.marginDays).toEqual([
      { date: '2026-02-28', coverage: 'whole-day' },
      { date: '2026-04-01', coverage: 'whole-day' },
    ]);
    expect(nonDayChecks(result)).toEqual({
      paidCount: agreeing('7'),
      paidTotalUSD: agreeing('138.46'),
      [`project:${PROJECT_A}`]: agreeing('32.16'),
      [`project:${PROJECT_B}`]: agreeing('106.3'),
      'currency:EUR': agreeing('26.1'),
      'currency:JPY': agreeing('1500'),
      'currency:USD': agreeing('100.2'),
    });
    const checks = checksOf(result);
    expect(result.checks.filter((check) => check.name.startsWith('day:'))).toHaveLength(31);
    expect(checks['day:2026-03-01']).toEqual(agreeing('0.31'));
    expect(checks['day:2026-03-15']).toEqual(agreeing('0'));
    expect(checks['day:2026-03-31']).toEqual(agreeing('99.5'));
    expect(result.days).toEqual(DAYS);
    expect(result.statistics).toEqual({
      startDate: '2026-02-28',
      endDate: '2026-04-01',
      invoicesTotalNum: 8,
    });
  });

  it('agrees with a service that leaves out its end date', () => {
    // Covers 02-28..03-31: no 04-01 in invoicesByDate.
    const result = reconcileWith({
      invoicesPaidNum: 5,
      invoicesTotalUSD: '122.91',
      invoicesByProjects: { [PROJECT_A]: '22.11', [PROJECT_B]: '100.8' },
      invoicesByCurrencies: { EUR: '21.1', USD: '100.2' },
      invoicesByDate: byDate({ '2026-02-28': '23.1', '2026-03-01': '0.31', '2026-03-31': '99.5' }),
    });
    expect(result.marginDays.map((day) => day.coverage)).toEqual(['whole-day', 'none']);
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('agrees with a service that reads the end date as its midnight (SQL BETWEEN on dates)', () => {
    // Covers 2026-02-28 00:00:00 ..= 2026-04-01 00:00:00: of 04-01 only the JPY invoice at midnight.
    const result = reconcileWith({
      invoicesPaidNum: 6,
      invoicesTotalUSD: '132.96',
      invoicesByProjects: { [PROJECT_A]: '32.16', [PROJECT_B]: '100.8' },
      invoicesByCurrencies: { EUR: '21.1', USD: '100.2', JPY: '1500' },
      invoicesByDate: byDate({
        '2026-02-28': '23.1',
        '2026-03-01': '0.31',
        '2026-03-31': '99.5',
        '2026-04-01': '10.05',
      }),
    });
    expect(result.marginDays.map((day) => day.coverage)).toEqual(['whole-day', 'midnight-only']);
    expect(result.ok).toBe(true);
    expect(checksOf(result).paidTotalUSD).toEqual(agreeing('132.96'));
  });

  it('agrees with a service that excludes the start date midnight', () => {
    // Covers 2026-02-28 00:00:00 < t < 2026-04-01 00:00:00: not the 1.1 USD invoice at 02-28 midnight.
    const result = reconcileWith({
      invoicesPaidNum: 4,
      invoicesTotalUSD: '121.81',
      invoicesByProjects: { [PROJECT_A]: '22.11', [PROJECT_B]: '99.7' },
      invoicesByCurrencies: { EUR: '20.1', USD: '100.2' },
      invoicesByDate: byDate({ '2026-02-28': '22', '2026-03-01': '0.31', '2026-03-31': '99.5' }),
    });
    expect(result.marginDays.map((day) => day.coverage)).toEqual(['after-midnight', 'none']);
    expect(result.ok).toBe(true);
  });

  it('counts nothing of a margin day listed with zero', () => {
    const result = reconcileWith({
      invoicesPaidNum: 3,
      invoicesTotalUSD: '99.81',
      invoicesByProjects: { [PROJECT_A]: '0.11', [PROJECT_B]: '99.7' },
      invoicesByCurrencies: { EUR: '0.1', USD: '100.2' },
      invoicesByDate: byDate({
        '2026-02-28': '0',
        '2026-03-01': '0.31',
        '2026-03-31': '99.5',
        '2026-04-01': '0',
      }),
    });
    expect(result.marginDays.map((day) => day.coverage)).toEqual(['none', 'none']);
    expect(result.ok).toBe(true);
  });

  it('shows every disagreement with its difference', () => {
    const result = reconcileWith({
      invoicesPaidNum: 6, // one more than the list
      invoicesTotalUSD: '122.93', // two cents more
      invoicesByProjects: { [PROJECT_A]: '22.12', [PROJECT_B]: '100.8' }, // one cent more: still agrees
      invoicesByCurrencies: { EUR: '21.1', USD: '100.2', GBP: '3' }, // a currency the list lacks
      invoicesByDate: byDate({
        '2026-02-28': '23.1',
        '2026-03-01': '0.31',
        '2026-03-15': '5', // a day the list has no paid invoice on
        '2026-03-31': '99.5',
      }),
    });
    expect(result.ok).toBe(false);
    const checks = checksOf(result);
    expect(checks.paidCount).toEqual({ service: '6', computed: '5', difference: '1', ok: false });
    expect(checks.paidTotalUSD).toEqual({
      service: '122.93',
      computed: '122.91',
      difference: '0.02',
      ok: false,
    });
    expect(checks[`project:${PROJECT_A}`]).toEqual({
      service: '22.12',
      computed: '22.11',
      difference: '0.01',
      ok: true,
    });
    expect(checks['currency:GBP']).toEqual({ service: '3', computed: '0', difference: '3', ok: false });
    expect(checks['day:2026-03-15']).toEqual({ service: '5', computed: '0', difference: '5', ok: false });
    expect(result.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      'paidCount',
      'paidTotalUSD',
      'currency:GBP',
      'day:2026-03-15',
    ]);
  });

  it('compares currencies in USD when the service evidently totals them in USD', () => {
    // In USD: EUR 23.1 + 0.11 = 23.21 (with 02-28), USD 0.2 + 99.5 = 99.7.
    const result = reconcileWith({
      invoicesPaidNum: 5,
      invoicesTotalUSD: '122.91',
      invoicesByProjects: { [PROJECT_A]: '22.11', [PROJECT_B]: '100.8' },
      invoicesByCurrencies: { EUR: '23.21', USD: '99.7' },
      invoicesByDate: byDate({ '2026-02-28': '23.1', '2026-03-01': '0.31', '2026-03-31': '99.5' }),
    });
    expect(result.currencyUnit).toBe('usd');
    expect(result.ok).toBe(true);
    expect(checksOf(result)['currency:EUR']).toEqual(agreeing('23.21'));
  });

  it('stays with the fiat unit, and shows the differences, when neither unit agrees', () => {
    const result = reconcileWith({
      invoicesPaidNum: 5,
      invoicesTotalUSD: '122.91',
      invoicesByProjects: { [PROJECT_A]: '22.11', [PROJECT_B]: '100.8' },
      invoicesByCurrencies: { EUR: '30', USD: '100.2' },
      invoicesByDate: byDate({ '2026-02-28': '23.1', '2026-03-01': '0.31', '2026-03-31': '99.5' }),
    });
    expect(result.currencyUnit).toBe('fiat');
    expect(checksOf(result)['currency:EUR']).toEqual({
      service: '30',
      computed: '21.1',
      difference: '8.9',
      ok: false,
    });
    expect(checksOf(result)['currency:USD']).toEqual(agreeing('100.2'));
  });

  it.each([
    ['rounded to whole yen', '1501', '1501'],
    ['unrounded', '1500.5', '1500.5'],
  ])('agrees with a yen total %s', (_reading, service, computed) => {
    // 1000.2 + 500.3 = 1500.5 yen: 1501 in whole yen.
    const ledger = ledgerOf([
      paid('2026-03-02 10:00:00', PROJECT_A, 'JPY', '1000.2', '6.7'),
      paid('2026-03-03 10:00:00', PROJECT_A, 'JPY', '500.3', '3.35'),
    ]);
    const result = reconcileWith(
      {
        invoicesPaidNum: 2,
        invoicesTotalUSD: '10.05',
        invoicesByProjects: { [PROJECT_A]: '10.05' },
        invoicesByCurrencies: { JPY: service },
        invoicesByDate: byDate({ '2026-03-02': '6.7', '2026-03-03': '3.35' }),
      },
      { ledger: ledger },
    );
    expect(checksOf(result)['currency:JPY']).toEqual(agreeing(computed));
    expect(result.currencyUnit).toBe('fiat');
    expect(result.ok).toBe(true);
  });

  it('shows a yen total that disagrees in whole yen', () => {
    const ledger = ledgerOf([paid('2026-03-02 10:00:00', PROJECT_A, 'JPY', '1500.4', '10.05')]);
    const result = reconcileWith(
      {
        invoicesPaidNum: 1,
        invoicesTotalUSD: '10.05',
        invoicesByProjects: { [PROJECT_A]: '10.05' },
        invoicesByCurrencies: { JPY: '1502' },
        invoicesByDate: byDate({ '2026-03-02': '10.05' }),
      },
      { ledger: ledger },
    );
    expect(checksOf(result)['currency:JPY']).toEqual({
      service: '1502',
      computed: '1500',
      difference: '2',
      ok: false,
    });
  });

  it('makes only the project check with a project filter', () => {
    const projectA = FIXTURE.filter((item) => item.projectId === PROJECT_A);
    const result = reconcileWith(
      {
        invoicesPaidNum: 7,
        invoicesTotalUSD: '138.46',
        invoicesByProjects: { [PROJECT_A]: '32.16', [PROJECT_B]: '106.3' },
        invoicesByCurrencies: { EUR: '26.1', USD: '100.2', JPY: '1500' },
        invoicesByDate: byDate({
          '2026-02-28': '23.1',
          '2026-03-01': '0.31',
          '2026-03-31': '99.5',
          '2026-04-01': '15.55',
        }),
      },
      { ledger: ledgerOf(projectA), projectId: PROJECT_A },
    );
    expect(checksOf(result)).toEqual({ [`project:${PROJECT_A}`]: agreeing('32.16') });
    expect(result.ok).toBe(true);
    expect(result.currencyUnit).toBeNull();
  });

  it('agrees on an empty month', () => {
    const result = reconcileWith({}, { ledger: ledgerOf([]) });
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => check.name)).toEqual([
      'paidCount',
      'paidTotalUSD',
      ...DAYS.map((d) => `day:${d}`),
    ]);
    expect(result.checks.every((check) => (check.difference as Big).eq(0))).toBe(true);
  });

  it('does not take a currency code for an inherited member', () => {
    const ledger = ledgerOf([paid('2026-03-02 10:00:00', PROJECT_A, 'constructor', '5', '5')]);
    const result = reconcileWith(
      {
        invoicesPaidNum: 1,
        invoicesTotalUSD: '5',
        invoicesByProjects: { [PROJECT_A]: '5' },
        invoicesByCurrencies: {},
        invoicesByDate: byDate({ '2026-03-02': '5' }),
      },
      { ledger: ledger },
    );
    expect(checksOf(result)['currency:constructor']).toEqual({
      service: '0',
      computed: '5',
      difference: '-5',
      ok: false,
    });
  });
});
