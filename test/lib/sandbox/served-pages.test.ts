import { describe, expect, it } from 'vitest';
import { createSandboxApp, type ServedPage } from '../../../lib/sandbox';
import { NOW, SEED } from './sandbox-fixtures';

function form(fields: Record<string, string>): RequestInit {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { method: 'POST', body, headers: { Authorization: 'Token sandbox-key' } };
}

describe('onPageServed', () => {
  it('tells of each list page answered: endpoint, filter, offset and records on the page', async () => {
    const served: ServedPage[] = [];
    const app = createSandboxApp({
      seed: SEED,
      now: NOW,
      apiKey: 'sandbox-key',
      maxLimit: 5,
      onPageServed: (page) => served.push(page),
    });

    const invoices = await app.request('/invoices/list', form({ status: 'paid', offset: '2', limit: '50' }));
    const payments = await app.request('/payments/list', form({ offset: '100000', limit: '5' }));

    const invoicePage = ((await invoices.json()) as { data: unknown[] }).data;
    const paymentPage = ((await payments.json()) as { data: unknown[] }).data;
    // The silent cap of 5 holds; a page past the end is empty.
    expect(invoicePage).toHaveLength(5);
    expect(paymentPage).toHaveLength(0);
    expect(served).toEqual([
      { endpoint: '/invoices/list', filter: { status: 'paid' }, offset: 2, records: 5 },
      { endpoint: '/payments/list', filter: {}, offset: 100000, records: 0 },
    ]);
  });

  it('is not told of requests that get no list page', async () => {
    const served: ServedPage[] = [];
    const app = createSandboxApp({
      seed: SEED,
      now: NOW,
      apiKey: 'sandbox-key',
      onPageServed: (page) => served.push(page),
    });

    const statistics = await app.request('/statistics/invoices', form({}));
    const unauthorised = await app.request('/invoices/list', {
      method: 'POST',
      headers: { Authorization: 'Token x' },
    });
    const bad = await app.request('/invoices/list', form({ offset: '-1' }));

    expect([statistics.status, unauthorised.status, bad.status]).toEqual([200, 401, 400]);
    expect(served).toEqual([]);
  });
});
