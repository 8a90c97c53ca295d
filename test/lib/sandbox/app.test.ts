import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InvoiceItemJson,
  type PaymentItemJson,
  type RunningSandbox,
  startSandbox,
} from '../../../lib/sandbox';
import { jsonOf, listAll, NOW, post, SEED } from './sandbox-fixtures';

let sandbox: RunningSandbox;
let invoices: InvoiceItemJson[];
let payments: PaymentItemJson[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED, now: NOW, apiKey: 'sandbox-key' });
  invoices = await listAll(sandbox.url, '/invoices/list');
  payments = await listAll(sandbox.url, '/payments/list');
});

afterAll(async () => {
  await sandbox.close();
});

const ids = (records: { id: string }[]) => records.map((record) => record.id);

function newestFirstThenId(records: { id: string }[], time: (record: never) => string): boolean {
  return records.every((record, index) => {
    if (index === 0) return true;
    const previous = records[index - 1]!;
    const [a, b] = [time(previous as never), time(record as never)];
    return a > b || (a === b && previous.id < record.id);
  });
}

describe('paging', () => {
  it('answers 10 records from offset 0 when no limit or offset is sent', async () => {
    const answer = await post(sandbox.url, '/invoices/list');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBe('success');
    expect(ids(answer.body.data)).toEqual(ids(invoices.slice(0, 10)));
    const paymentsAnswer = await post(sandbox.url, '/payments/list');
    expect(ids(paymentsAnswer.body.data)).toEqual(ids(payments.slice(0, 10)));
  });

  it('answers limit records from offset', async () => {
    const answer = await post(sandbox.url, '/invoices/list', { offset: 25, limit: 7 });
    expect(ids(answer.body.data)).toEqual(ids(invoices.slice(25, 32)));
  });

  it('answers an empty list past the end', async () => {
    const answer = await post(sandbox.url, '/payments/list', { offset: payments.length, limit: 5 });
    expect(answer.body.data).toEqual([]);
  });

  it('lists newest first, then by id', () => {
    expect(newestFirstThenId(invoices, (invoice: InvoiceItemJson) => invoice.createDatetime)).toBe(true);
    expect(newestFirstThenId(payments, (payment: PaymentItemJson) => payment.transactionDatetime)).toBe(true);
  });

  it('serves about 14 months of records', () => {
    expect(invoices.at(-1)!.createDatetime).toBe('2025-09-01 00:00:00');
    expect(invoices.length).toBeGreaterThan(14 * 66);
  });
});

describe('invoice filters', () => {
  it('restricts to the UTC days from startDate to endDate, both included', async () => {
    const october = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    const expected = invoices.filter((invoice) => invoice.createDatetime.startsWith('2026-10-'));
    expect(ids(october)).toEqual(ids(expected));
    const created = october.map((invoice) => invoice.createDatetime);
    expect(created).toContain('2026-10-01 00:00:00');
    expect(created).toContain('2026-10-31 23:59:59');
    expect(invoices.some((invoice) => invoice.createDatetime === '2026-09-30 23:59:59')).toBe(true);
    expect(invoices.some((invoice) => invoice.createDatetime === '2026-11-01 00:00:00')).toBe(true);
  });

  it('takes a single day when startDate equals endDate, and open ranges from either side', async () => {
    const day = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', {
      startDate: '2026-03-31',
      endDate: '2026-03-31',
    });
    expect(ids(day)).toEqual(
      ids(invoices.filter((invoice) => invoice.createDatetime.startsWith('2026-03-31'))),
    );
    const since = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', { startDate: '2026-11-01' });
    expect(ids(since)).toEqual(ids(invoices.filter((invoice) => invoice.createDatetime >= '2026-11-01')));
    const until = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', { endDate: '2025-09-30' });
    expect(ids(until)).toEqual(ids(invoices.filter((invoice) => invoice.createDatetime < '2025-10-01')));
  });

  it.each(['paid', 'unpaid', 'canceled', 'expired'])('restricts to status %s', async (status) => {
    const listed = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', { status });
    expect(listed.length).toBeGreaterThan(0);
    expect(ids(listed)).toEqual(ids(invoices.filter((invoice) => invoice.status === status)));
  });

  it('restricts to one project', async () => {
    const projectId = invoices[0]!.projectId;
    const listed = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', { projectId });
    expect(ids(listed)).toEqual(ids(invoices.filter((invoice) => invoice.projectId === projectId)));
  });

  it('finds one invoice by id and by uid, whatever its month', async () => {
    const old = invoices.find(
      (invoice) => invoice.createDatetime.startsWith('2025-12-') && invoice.status === 'paid',
    )!;
    const byId = await post(sandbox.url, '/invoices/list', { invoiceId: old.id });
    expect(byId.body.data).toEqual([old]);
    const byUid = await post(sandbox.url, '/invoices/list', { invoiceUid: old.uid });
    expect(byUid.body.data).toEqual([old]);
  });

  it('finds nothing for an id or uid it never issued', async () => {
    const unknownId = await post(sandbox.url, '/invoices/list', {
      invoiceId: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    });
    expect(unknownId.body.data).toEqual([]);
    const unknownUid = await post(sandbox.url, '/invoices/list', { invoiceUid: 'no-such-uid' });
    expect(unknownUid.body.data).toEqual([]);
  });

  it('combines filters', async () => {
    const projectId = invoices[0]!.projectId;
    const listed = await listAll<InvoiceItemJson>(sandbox.url, '/invoices/list', {
      projectId,
      status: 'paid',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
    const expected = invoices.filter(
      (invoice) =>
        invoice.projectId === projectId &&
        invoice.status === 'paid' &&
        invoice.createDatetime >= '2026-01-01' &&
        invoice.createDatetime < '2026-07-01',
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(ids(listed)).toEqual(ids(expected));
  });
});

describe('payment filters', () => {
  it('restricts to transactions on the UTC days given, including payments for the previous month', async () => {
    const listed = await listAll<PaymentItemJson>(sandbox.url, '/payments/list', {
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
    expect(ids(listed)).toEqual(
      ids(payments.filter((payment) => payment.transactionDatetime.startsWith('2026-11-01'))),
    );
    expect(listed.some((payment) => payment.invoice?.createDatetime === '2026-10-31 23:59:59')).toBe(true);
  });

  it('restricts to one wallet', async () => {
    const walletId = payments[0]!.wallet.id;
    const listed = await listAll<PaymentItemJson>(sandbox.url, '/payments/list', { walletId });
    expect(ids(listed)).toEqual(ids(payments.filter((payment) => payment.wallet.id === walletId)));
  });

  it('restricts to the payment of one invoice, even when it arrived in the next month', async () => {
    const crossing = invoices.find(
      (invoice) => invoice.createDatetime === '2026-10-31 23:59:59' && invoice.status === 'paid',
    )!;
    const listed = await post(sandbox.url, '/payments/list', { invoiceId: crossing.id });
    expect(ids(listed.body.data)).toEqual([crossing.payment!.id]);
    const unpaid = invoices.find((invoice) => invoice.status === 'expired')!;
    expect((await post(sandbox.url, '/payments/list', { invoiceId: unpaid.id })).body.data).toEqual([]);
  });
});

describe('form bodies', () => {
  it('reads urlencoded fields as it reads multipart ones', async () => {
    const fields = { status: 'paid', startDate: '2026-05-01', endDate: '2026-05-31', offset: 3, limit: 20 };
    const multipart = await post(sandbox.url, '/invoices/list', fields, { encoding: 'multipart' });
    const urlencoded = await post(sandbox.url, '/invoices/list', fields, { encoding: 'urlencoded' });
    expect(multipart.body.data).toHaveLength(20);
    expect(urlencoded.body).toEqual(multipart.body);
  });

  it('takes an empty field as not sent', async () => {
    const answer = await post(sandbox.url, '/invoices/list', { status: '', projectId: '', limit: '' });
    expect(ids(answer.body.data)).toEqual(ids(invoices.slice(0, 10)));
  });
});

describe('the maximum limit', () => {
  it('caps limit silently at 1000 by default', async () => {
    const large = await startSandbox({ seed: SEED, now: NOW, paidPerMonth: 100 });
    try {
      const answer = await post(large.url, '/invoices/list', { limit: 5000 });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(1000);
    } finally {
      await large.close();
    }
  });

  it('caps limit silently at maxLimit', async () => {
    const capped = await startSandbox({ seed: SEED, now: NOW, maxLimit: 25 });
    try {
      const answer = await post(capped.url, '/invoices/list', { offset: 30, limit: 100 });
      expect(answer.status).toBe(200);
      expect(ids(answer.body.data)).toEqual(ids(invoices.slice(30, 55)));
    } finally {
      await capped.close();
    }
  });
});

describe('routes', () => {
  it('answers 405 with an error body to another method on an endpoint', async () => {
    const response = await fetch(`${sandbox.url}/invoices/list`, {
      headers: { Authorization: 'Token sandbox-key' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await jsonOf(response)).error.code).toBe('method_not_allowed');
  });

  it('answers 404 with an error body to an unknown path', async () => {
    const answer = await post(sandbox.url, '/invoices/lists');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ result: 'error', error: { code: 'not_found' } });
  });
});
