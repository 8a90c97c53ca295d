import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, type SandboxDataset, startSandbox } from '../../../lib/sandbox';
import { datasetInvoice as invoice, P1, P2, datasetPayment as paymentOf, post } from './sandbox-fixtures';

const a = invoice('1', { amountFiatUSD: 0.1, amountFiat: 0.1, commissionFiatUSD: 0 });
const b = invoice('2', {
  createDatetime: '2026-10-01 12:00:00',
  amountFiatUSD: 0.2,
  amountFiat: 0.18,
  currencyFiat: 'EUR',
});
const c = invoice('3', {
  projectId: P2,
  createDatetime: '2026-10-31 23:59:59',
  amountFiatUSD: 1000.05,
  amountFiat: 150000,
  currencyFiat: 'JPY',
  extra: 'a member the spec does not list, kept as given',
});
const d = invoice('4', {
  projectId: P2,
  createDatetime: '2026-10-15 10:00:00',
  status: 'expired',
  amountFiatUSD: 50,
  amountFiat: 50,
});
const e = invoice('5', {
  createDatetime: '2026-11-01 00:00:00',
  amountFiatUSD: 7.5,
  amountFiat: 6.9,
  currencyFiat: 'EUR',
});
const p1 = paymentOf('1', '2026-10-01 00:10:00', 0.0000016, a);
const p2 = paymentOf('2', '2026-10-20 08:00:00', 0.00000095);
const p3 = paymentOf('3', '2026-11-01 00:05:00', 0.0161, c);

const dataset: SandboxDataset = { invoices: [a, b, c, d, e], payments: [p1, p2, p3] };
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ dataset });
});

afterAll(async () => {
  await sandbox.close();
});

describe('a custom dataset', () => {
  it('serves its records exactly as given, newest first', async () => {
    expect((await post(sandbox.url, '/invoices/list', { limit: 100 })).body.data).toEqual([e, c, d, b, a]);
    expect((await post(sandbox.url, '/payments/list', { limit: 100 })).body.data).toEqual([p3, p2, p1]);
  });

  it('writes tiny amounts as JSON numbers', async () => {
    const response = await fetch(`${sandbox.url}/payments/list`, {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key' },
    });
    expect(await response.text()).toContain('"amount":9.5e-7');
  });

  it('leaves the caller’s arrays in their order', () => {
    expect(dataset.invoices).toEqual([a, b, c, d, e]);
  });

  it('filters its records', async () => {
    const october = await post(sandbox.url, '/invoices/list', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      status: 'paid',
    });
    expect(october.body.data).toEqual([c, b, a]);
    expect((await post(sandbox.url, '/invoices/list', { projectId: P2 })).body.data).toEqual([c, d]);
    expect((await post(sandbox.url, '/invoices/list', { invoiceUid: 'UID-4' })).body.data).toEqual([d]);
    expect((await post(sandbox.url, '/payments/list', { invoiceId: c.id })).body.data).toEqual([p3]);
    expect((await post(sandbox.url, '/payments/list', { endDate: '2026-10-31' })).body.data).toEqual([
      p2,
      p1,
    ]);
  });

  it('derives statistics, summed exactly and rounded once', async () => {
    const answer = await post(sandbox.url, '/statistics/invoices', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    // a + b + c: 0.1 + 0.2 + 1000.05 USD; d is expired; e was created in November.
    expect(answer.body.data).toEqual({
      invoicesTotalNum: 4,
      invoicesPaidNum: 3,
      invoicesTotalUSD: 1000.35,
      invoicesByProjects: { [P1]: 0.3, [P2]: 1000.05 },
      invoicesByCurrencies: { EUR: 0.18, JPY: 150000, USD: 0.1 },
      invoicesByMonths: { 'October-2026': 1000.35 },
      invoicesByDate: {
        '2026-10-01': { date: 1_790_812_800_000, value: 0.3 },
        '2026-10-31': { date: 1_793_404_800_000, value: 1000.05 },
      },
    });
  });
});
