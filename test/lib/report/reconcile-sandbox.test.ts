import { describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../lib/invoicing';
import { buildReport } from '../../../lib/report/build-report';
import type { Report } from '../../../lib/report/model';
import { type SandboxOptions, startSandbox } from '../../../lib/sandbox';
import { asServiceJson, invoice, PROJECT_A, PROJECT_B, rowBuilders, uuid } from './support/records';

/**
 * The reconciliation against services that read the spec's silences each in its own way (the sandbox's
 * options), over real HTTP, for March 2026 in three report zones, and for the first quarter of 2026,
 * ended and not. Each invoice's amount is a power of two, so that a total says exactly which invoices it
 * holds.
 */
const paid = (n: number, createDatetime: string, usd: number, more: Parameters<typeof invoice>[1] = {}) =>
  invoice(createDatetime, {
    id: uuid('5e', n),
    amountFiatUSD: String(usd),
    amountFiat: String(usd),
    commissionFiatUSD: '0',
    ...more,
  });

const INVOICES = [
  paid(1, '2026-02-27 21:30:00', 1), // 28 Feb 00:30 in UTC+3
  paid(2, '2026-02-28 07:00:00', 2), // before 28 Feb begins in UTC−10 (10:00 UTC)
  paid(3, '2026-02-28 23:59:59', 4), // already 1 Mar in Tokyo
  paid(4, '2026-03-01 00:00:00', 8, { currencyFiat: 'EUR', amountFiat: '7.4' }), // still 28 Feb in New York
  paid(5, '2026-03-08 06:59:59', 16), // New York, 01:59:59 EST: the last second before summer time
  paid(6, '2026-03-08 07:00:00', 32, { projectId: PROJECT_B }), // New York, 03:00 EDT
  paid(7, '2026-03-09 03:59:59', 64), // New York, 8 Mar 23:59:59 EDT: the 8th lasts 23 hours
  paid(8, '2026-03-09 04:00:00', 128, { currencyFiat: 'EUR', amountFiat: '118.4' }),
  paid(9, '2026-03-31 23:59:59', 256), // 1 Apr in Tokyo
  paid(10, '2026-04-01 00:00:00', 512, { projectId: PROJECT_B }), // 31 Mar 20:00 in New York
  paid(11, '2026-04-01 23:00:00', 1024),
  paid(12, '2026-04-02 22:00:00', 2048), // 3 Apr 01:00 in UTC+3; 2 Apr in New York and UTC−10
  paid(13, '2026-04-03 09:59:59', 4096), // 2 Apr 23:59:59 in UTC−10
  invoice('2026-03-15 12:00:00', { id: uuid('5e', 14), status: 'unpaid', amountFiatUSD: '5000' }),
];

interface Service {
  name: string;
  options: SandboxOptions;
  /** The paid invoices its list returns for 28 Feb – 2 Apr (the same for every zone here), added by hand. */
  listed: { paid: number; usd: string };
  /** The day the planted invoice of 20 Mar 22:30:00 UTC falls on, in its per-day figures. */
  plantedDay: string;
  /** Days whose end its figures leave open while a listed paid invoice lies in the hours in question. */
  notChecked: string[];
}

const SERVICES: Service[] = [
  {
    // [28 Feb 00:00, 2 Apr 00:00) UTC: invoices 2 to 11.
    name: 'UTC days, end date excluded',
    options: { dateZone: 'UTC', endDate: 'exclusive' },
    listed: { paid: 10, usd: '2046' },
    plantedDay: '2026-03-20',
    // 2 Apr lists nothing (it is left out), so 1 Apr ends at 23:00, 00:00 or 01:00: invoice 11 is at 23:00.
    notChecked: ['day:2026-04-01'],
  },
  {
    // [27 Feb 21:00, 2 Apr 21:00) UTC: invoices 1 to 11.
    name: 'UTC+3 days, both dates included',
    options: { dateZone: '+03:00', endDate: 'inclusive', order: 'random' },
    listed: { paid: 11, usd: '2047' },
    plantedDay: '2026-03-21',
    notChecked: [],
  },
  {
    // [28 Feb 10:00, 3 Apr 10:00) UTC: invoices 3 to 13, counted per UTC day.
    name: 'UTC−10 days, both dates included, per-day figures by UTC day',
    options: { dateZone: '-10:00', endDate: 'inclusive', statsDayKeys: 'utc', order: 'oldest' },
    listed: { paid: 11, usd: '8188' },
    plantedDay: '2026-03-20',
    notChecked: [],
  },
  {
    // [28 Feb 05:00, 3 Apr 04:00) UTC: invoices 2 to 12; 8 Mar lasts 23 hours.
    name: 'New York days, both dates included',
    options: { dateZone: 'America/New_York', endDate: 'inclusive', numbersAsStrings: true },
    listed: { paid: 11, usd: '4094' },
    plantedDay: '2026-03-20',
    notChecked: [],
  },
];

/** March 2026 in each report zone: the paid invoices created in it, by hand. */
const REPORT_ZONES = [
  { timezone: 'UTC', paid: 6, usd: '504' }, // invoices 4 to 9
  { timezone: 'America/New_York', paid: 6, usd: '1008' }, // 5 to 10: summer time begins on 8 Mar
  { timezone: 'Asia/Tokyo', paid: 6, usd: '252' }, // 3 to 8
];

/** March 2026, made on 15 April. */
const MARCH = { period: '2026-03', now: new Date('2026-04-15T00:00:00Z') };

async function reportFrom(
  service: Service,
  timezone: string,
  planted: boolean,
  { period, now } = MARCH,
): Promise<Report> {
  const sandbox = await startSandbox({
    ...service.options,
    dataset: { invoices: INVOICES.map(asServiceJson), payments: [] },
    // Of the dataset's first invoice's project (A), in USD.
    statsExtraPaid: planted ? [{ amountUSD: '10.00', createDatetime: '2026-03-20 22:30:00' }] : [],
  });
  try {
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, pageSize: 4 });
    return await buildReport(client, { period, timezone }, { apiUrl: sandbox.url, now, rows: rowBuilders() });
  } finally {
    await sandbox.close();
  }
}

describe.each(SERVICES)('reconcile against a service reading $name', (service) => {
  describe.each(REPORT_ZONES)('March 2026 in $timezone', (zone) => {
    it('agrees with honest statistics, on the same dates as the list', async () => {
      const { summary } = await reportFrom(service, zone.timezone, false);
      const { reconciliation } = summary;
      expect(reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
      expect(reconciliation.ok).toBe(true);
      expect(reconciliation.notChecked.map((unchecked) => unchecked.name)).toEqual(service.notChecked);
      expect(reconciliation.window).toEqual({ startDate: '2026-02-28', endDate: '2026-04-02' });
      expect(reconciliation.listed.paid).toBe(service.listed.paid);
      expect(reconciliation.listed.paidTotalUSD.toFixed()).toBe(service.listed.usd);
      // The report's own figures keep to the month in its zone, whatever the service does with dates.
      expect(summary.invoices.paid).toBe(zone.paid);
      expect(summary.invoices.paidTotalUSD.toFixed()).toBe(zone.usd);
    });

    it('flags a planted paid invoice of 10.00 USD on the checks it touches, and nowhere else', async () => {
      const { reconciliation } = (await reportFrom(service, zone.timezone, true)).summary;
      expect(reconciliation.ok).toBe(false);
      const differences = reconciliation.checks
        .filter((check) => !check.ok)
        .map((check) => [check.name, check.difference.toFixed()]);
      expect(differences).toEqual([
        ['paidCount', '1'],
        ['paidTotalUSD', '10'],
        [`project:${PROJECT_A}`, '10'],
        ['currency:USD', '10'],
        [`day:${service.plantedDay}`, '10'],
      ]);
    });
  });
});

describe('reconcile a quarter against a service reading UTC days, end date excluded', () => {
  const service = SERVICES[0]!;

  it("asks both sides the quarter's covering dates and agrees, the figures keeping to the quarter", async () => {
    const { summary } = await reportFrom(service, 'UTC', false, {
      period: '2026-Q1',
      now: new Date('2026-04-15T00:00:00Z'),
    });
    const { reconciliation } = summary;
    expect(reconciliation.checks.filter((check) => !check.ok)).toEqual([]);
    expect(reconciliation.ok).toBe(true);
    // 1 Jan 00:00 − 12 h is 31 Dec; 1 Apr 00:00 + 14 h is 1 Apr 14:00, so up to 2 Apr.
    expect(reconciliation.window).toEqual({ startDate: '2025-12-31', endDate: '2026-04-02' });
    // [31 Dec 00:00, 2 Apr 00:00) UTC: invoices 1 to 11; the quarter itself: invoices 1 to 9.
    expect(reconciliation.listed.paid).toBe(11);
    expect(reconciliation.listed.paidTotalUSD.toFixed()).toBe('2047');
    expect(summary.invoices.paid).toBe(9);
    expect(summary.invoices.paidTotalUSD.toFixed()).toBe('511');
    expect(reconciliation.notChecked.map((unchecked) => unchecked.name)).toEqual(service.notChecked);
  });

  it('asks for the dates up to its asOf while the quarter has not ended, and agrees', async () => {
    const { summary } = await reportFrom(service, 'UTC', false, {
      period: '2026-Q1',
      now: new Date('2026-03-20T00:00:00Z'),
    });
    const { reconciliation } = summary;
    expect(summary.period).toMatchObject({ complete: false, asOf: '2026-03-20T00:00:00.000Z' });
    expect(reconciliation.ok).toBe(true);
    // 20 Mar 00:00 + 14 h is 20 Mar 14:00, so up to 21 Mar: [31 Dec 00:00, 21 Mar 00:00) holds invoices 1 to 8.
    expect(reconciliation.window).toEqual({ startDate: '2025-12-31', endDate: '2026-03-21' });
    expect(reconciliation.listed.paid).toBe(8);
    expect(reconciliation.listed.paidTotalUSD.toFixed()).toBe('255');
    expect(summary.invoices.paid).toBe(8);
    expect(summary.invoices.paidTotalUSD.toFixed()).toBe('255');
    expect(reconciliation.notChecked).toEqual([]);
  });
});
