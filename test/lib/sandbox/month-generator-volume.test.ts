import { describe, expect, it } from 'vitest';
import { createSandboxApp, sandboxAccount } from '../../../lib/sandbox';
import { generateMonth, monthCounts } from '../../../lib/sandbox/month-generator';
import { jsonOf } from './sandbox-fixtures';

const OCTOBER = 2026 * 12 + 9;
const AFTER_OCTOBER = Date.UTC(2026, 10, 15, 12) / 1000;

function countsOf(paidPerMonth: number) {
  const month = generateMonth({
    seed: 5,
    month: OCTOBER,
    paidPerMonth,
    nowSeconds: AFTER_OCTOBER,
    account: sandboxAccount(5),
  });
  return {
    paid: month.invoices.filter((invoice) => invoice.status === 'paid').length,
    others: month.invoices.filter((invoice) => invoice.status !== 'paid').length,
    unmatched: month.payments.filter((payment) => !payment.invoice).length,
    matched: month.payments.filter((payment) => payment.invoice).length,
  };
}

describe('volume', () => {
  it('fills a month with 50,000 paid invoices, 5,000 in other statuses and 500 unmatched payments', () => {
    expect(countsOf(50_000)).toEqual({ paid: 50_000, others: 5_000, unmatched: 500, matched: 50_000 });
  });

  it('keeps a small month readable, with every kind of record', () => {
    expect(countsOf(60)).toEqual({ paid: 60, others: 6, unmatched: 2, matched: 60 });
    expect(monthCounts(1)).toEqual({ paid: 1, others: 4, unmatched: 2 });
  });

  it('serves a large month page by page', async () => {
    const app = createSandboxApp({
      paidPerMonth: 5_000,
      now: new Date(AFTER_OCTOBER * 1000),
      apiKey: 'sandbox-key',
    });
    const ask = async (path: string, fields: Record<string, string>) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: { Authorization: 'Token sandbox-key' },
        body: new URLSearchParams(fields),
      });
      return (await jsonOf(response)).data;
    };
    const month = { startDate: '2026-10-01', endDate: '2026-10-31' };
    const statistics = await ask('/statistics/invoices', month);
    expect(statistics.invoicesTotalNum).toBe(5_500);
    expect(statistics.invoicesPaidNum).toBe(5_000);
    const seen = new Set<string>();
    for (let offset = 0; offset < 5_000; offset += 100) {
      const page = await ask('/invoices/list', {
        ...month,
        status: 'paid',
        offset: String(offset),
        limit: '100',
      });
      expect(page).toHaveLength(100);
      for (const invoice of page) seen.add(invoice.id);
    }
    expect(seen.size).toBe(5_000);
    expect(await ask('/invoices/list', { ...month, status: 'paid', offset: '5000', limit: '100' })).toEqual(
      [],
    );
  });
});
