import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicingClient } from '../../../lib/invoicing/client';
import { createInvoicingClient } from '../../../lib/invoicing/client';
import { InvoicingAuthenticationError, InvoicingListOrderError } from '../../../lib/invoicing/errors';
import type { InvoiceItem, PaymentItem } from '../../../lib/invoicing/schemas';
import { startSandbox } from '../../../lib/sandbox/index';
import { caught } from './support/caught';

// The sandbox's data is generated from a seed for the months before `now`: fixed here, so every run
// reads the same records.
const now = new Date('2026-03-15T12:00:00Z');
const seed = 20260315;
const quarter = { startDate: '2025-10-01', endDate: '2025-12-31' };

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let capped: Sandbox;
let faulty: Sandbox;

beforeAll(async () => {
  [capped, faulty] = await Promise.all([
    startSandbox({ port: 0, seed, now, maxLimit: 7 }),
    startSandbox({ port: 0, seed, now, faultRate: 0.3, retryAfterSeconds: 1 }),
  ]);
});

afterAll(async () => {
  await Promise.all([capped?.close(), faulty?.close()]);
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The plain way: one page at a time at the service's default limit, until an empty page. */
async function sequentialWalk<T>(listPage: (offset: number) => Promise<T[]>): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await listPage(items.length);
    if (page.length === 0) return items;
    items.push(...page);
  }
}

const idsOf = (records: readonly { id: string }[]) => records.map((record) => record.id).sort();

const withinDays = (datetime: string, range: { startDate: string; endDate: string }) =>
  datetime >= `${range.startDate} 00:00:00` && datetime <= `${range.endDate} 23:59:59`;

describe('the client against the sandbox', () => {
  let client: InvoicingClient;
  let invoices: InvoiceItem[];

  beforeAll(async () => {
    client = createInvoicingClient({
      baseUrl: capped.url,
      apiKey: capped.apiKey,
      pageSize: 25,
      concurrency: 4,
    });
    invoices = await collect(client.invoices(quarter));
  });

  it('reads every invoice of a range once under a cap below the page size', async () => {
    const statistics = await client.invoiceStatistics(quarter);

    expect(invoices.length).toBeGreaterThan(100);
    expect(invoices).toHaveLength(statistics.invoicesTotalNum);
    expect(new Set(idsOf(invoices)).size).toBe(invoices.length);
    expect(invoices.every((invoice) => withinDays(invoice.createDatetime, quarter))).toBe(true);
  });

  it('reads the same invoices as a plain sequential walk at the default limit', async () => {
    const sequential = await sequentialWalk((offset) => client.listInvoices({ ...quarter, offset }));

    expect(idsOf(invoices)).toEqual(idsOf(sequential));
  });

  it('filters by status', async () => {
    const statistics = await client.invoiceStatistics(quarter);
    const paid = await collect(client.invoices({ ...quarter, status: 'paid' }));

    expect(paid).toHaveLength(statistics.invoicesPaidNum);
    expect(paid.every((invoice) => invoice.status === 'paid' && invoice.payment && invoice.wallet)).toBe(
      true,
    );
    expect(idsOf(paid)).toEqual(idsOf(invoices.filter((invoice) => invoice.status === 'paid')));
  });

  it('filters by project', async () => {
    const projectId = invoices[0]?.projectId;
    if (!projectId) throw new Error('the sandbox served no invoice');
    const ofProject = await collect(client.invoices({ ...quarter, projectId }));

    expect(ofProject.length).toBeGreaterThan(0);
    expect(idsOf(ofProject)).toEqual(idsOf(invoices.filter((invoice) => invoice.projectId === projectId)));
  });

  it('filters payments by transaction dates', async () => {
    const month = { startDate: '2025-11-01', endDate: '2025-11-30' };
    const payments: PaymentItem[] = await collect(client.payments(month));
    const sequential = await sequentialWalk((offset) => client.listPayments({ ...month, offset }));

    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((payment) => withinDays(payment.transactionDatetime, month))).toBe(true);
    expect(idsOf(payments)).toEqual(idsOf(sequential));
  });
});

describe('the client against a sandbox that fails often', () => {
  it('retries 429 and 503 answers and still reads every record once', async () => {
    const waits: number[] = [];
    const client = createInvoicingClient({
      baseUrl: faulty.url,
      apiKey: faulty.apiKey,
      // Small pages: enough requests (about 45) for the seeded faults to include both kinds.
      pageSize: 5,
      concurrency: 4,
      maxRetries: 12,
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
    });
    const reference = createInvoicingClient({ baseUrl: capped.url, apiKey: capped.apiKey });

    const [invoices, expected] = await Promise.all([
      collect(client.invoices(quarter)),
      collect(reference.invoices(quarter)),
    ]);

    expect(waits.length).toBeGreaterThan(0);
    // A 429 asks for Retry-After: 1, and that is what the client waited.
    expect(waits).toContain(1000);
    expect(invoices).toHaveLength(expected.length);
    expect(idsOf(invoices)).toEqual(idsOf(expected));
  });
});

describe('the client against a sandbox with another key', () => {
  it('fails with an authentication error that does not show the key', async () => {
    const wrongKey = 'wrong-sandbox-key-123';
    const client = createInvoicingClient({ baseUrl: capped.url, apiKey: wrongKey });

    const error = await caught(client.invoiceStatistics(quarter), wrongKey);

    expect(error).toBeInstanceOf(InvoicingAuthenticationError);
    expect(await caught(collect(client.invoices(quarter)), wrongKey)).toBeInstanceOf(
      InvoicingAuthenticationError,
    );
  });
});

describe('the client against a sandbox that lists in a new order at every request', () => {
  it('fails with a protocol error saying so, rather than end with part of the list', async () => {
    const reshuffled = await startSandbox({ port: 0, seed, now, order: 'reshuffled' });
    try {
      const client = createInvoicingClient({
        baseUrl: reshuffled.url,
        apiKey: reshuffled.apiKey,
        pageSize: 25,
        concurrency: 4,
      });
      const error = await caught(collect(client.payments(quarter)), reshuffled.apiKey);
      expect(error).toBeInstanceOf(InvoicingListOrderError);
      expect((error as Error).message).toContain(
        'The invoicing service listed /payments/list in a different order at each reading: after 3 readings it still brought records not seen before',
      );
    } finally {
      await reshuffled.close();
    }
  });
});
