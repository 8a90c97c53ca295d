import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';
import type { InvoiceItemJson } from '../../../lib/sandbox/month-generator';
import { listAll, NOW, post, SEED, statisticsOfListed } from './sandbox-fixtures';

let sandbox: RunningSandbox;
let invoices: InvoiceItemJson[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED, now: NOW });
  invoices = await listAll(sandbox.url, '/invoices/list');
});

afterAll(async () => {
  await sandbox.close();
});

/** The statistics of the UTC days from `from` to `to`, worked out from the invoice list. */
function expectedStatistics(from: string, to: string) {
  const inRange = invoices.filter((invoice) => {
    const day = invoice.createDatetime.slice(0, 10);
    return day >= from && day <= to;
  });
  return statisticsOfListed(
    inRange,
    (createDatetime) => createDatetime.slice(0, 10),
    (day) => Date.parse(`${day}T00:00:00Z`),
  );
}

describe('invoice statistics', () => {
  it('add up the invoices created in a month', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe('success');
    expect(answer.body.data).toEqual(expectedStatistics('2026-10-01', '2026-10-31'));
    expect(answer.body.data.invoicesPaidNum).toBe(60);
    expect(Object.keys(answer.body.data.invoicesByMonths)).toEqual(['October-2026']);
  });

  it('add up a range across months, one key per UTC month in order', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices', {
      startDate: '2026-02-15',
      endDate: '2026-04-10',
    });
    expect(answer.body.data).toEqual(expectedStatistics('2026-02-15', '2026-04-10'));
    expect(Object.keys(answer.body.data.invoicesByMonths)).toEqual([
      'February-2026',
      'March-2026',
      'April-2026',
    ]);
  });

  it('add up every invoice when no dates are sent', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices');
    expect(answer.body.data).toEqual(expectedStatistics('0000-00-00', '9999-99-99'));
    expect(answer.body.data.invoicesTotalNum).toBe(invoices.length);
  });

  it('key invoicesByMonths as <MonthName>-<YYYY>', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices');
    const keys = Object.keys(answer.body.data.invoicesByMonths);
    expect(keys).toHaveLength(15);
    for (const key of keys)
      expect(key).toMatch(
        /^(January|February|March|April|May|June|July|August|September|October|November|December)-\d{4}$/,
      );
    expect(keys[0]).toBe('September-2025');
    expect(keys.at(-1)).toBe('November-2026');
  });

  it('key invoicesByDate by UTC day, in order, with that day’s UTC midnight in milliseconds', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices', {
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    const byDate = answer.body.data.invoicesByDate as Record<string, { date: number; value: number }>;
    const days = Object.keys(byDate);
    expect(days).toEqual([...days].sort());
    // 2026-03-01T00:00:00Z is 1772323200 seconds after the epoch.
    expect(byDate['2026-03-01']!.date).toBe(1_772_323_200_000);
    // March 2026 changes to summer time in Europe on the 29th; its days stay 24 hours of UTC apart.
    expect(byDate['2026-03-31']!.date).toBe(1_772_323_200_000 + 30 * 86_400_000);
  });

  it('give empty groups for a range without invoices', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices', {
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    expect(answer.body.data).toEqual({
      invoicesTotalNum: 0,
      invoicesPaidNum: 0,
      invoicesTotalUSD: 0,
      invoicesByProjects: {},
      invoicesByCurrencies: {},
      invoicesByMonths: {},
      invoicesByDate: {},
    });
  });
});
