import { describe, expect, it } from 'vitest';
import { InvoicingAuthenticationError, InvoicingProtocolError } from '../../../lib/invoicing/errors';
import { caught } from './support/caught';
import { clientOf, fakeServices } from './support/fake-client';
import type { FakeService } from './support/fake-service';
import { invoicesJson, paymentJson, uuidOf } from './support/records';

const fakeService = fakeServices();

/** A `fetch` that counts the requests it sent, and the most it had in flight at once. */
function countingFetch() {
  let inFlight = 0;
  const counter = {
    max: 0,
    calls: 0,
    fetch: (async (input, init) => {
      counter.calls += 1;
      inFlight += 1;
      counter.max = Math.max(counter.max, inFlight);
      try {
        return await globalThis.fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    }) as typeof globalThis.fetch,
  };
  return counter;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const pagesAsked = (fake: FakeService) =>
  fake.calls.map(({ fields }) => [Number(fields.offset), Number(fields.limit)]);

/** Invoice ids 0 … count-1, as the records module numbers them. */
const allInvoiceIds = (count: number) => Array.from({ length: count }, (_, n) => uuidOf('invoice', n)).sort();

describe('walking a list over HTTP', () => {
  it.each([
    ['null', null],
    ['an empty object', {}],
  ])('ends the walk on an empty page written as %s', async (_, emptyData) => {
    const fake = await fakeService({
      invoices: invoicesJson(25),
      intercept: (call) =>
        Number(call.fields.offset) >= 25 ? { json: { result: 'success', data: emptyData } } : undefined,
    });
    const { client } = clientOf(fake, { pageSize: 10 });

    const invoices = await collect(client.invoices());

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(25));
  });

  it('reads every record once under a silent cap below the page size', async () => {
    const fake = await fakeService({ invoices: invoicesJson(250), maxLimit: 30 });
    const { client } = clientOf(fake, { concurrency: 1 });

    const invoices = await collect(client.invoices({ status: 'unpaid' }));

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(250));
    // The first answer (30 of 100) reveals the cap: the rest of that page is filled, then steps of 30
    // up to the empty page at 250; at most one request goes past it.
    expect(pagesAsked(fake).filter(([offset]) => offset !== undefined && offset <= 250)).toEqual([
      [0, 100],
      [30, 70],
      [60, 40],
      [100, 30],
      [90, 10],
      [130, 30],
      [160, 30],
      [190, 30],
      [220, 30],
      [250, 30],
    ]);
    expect(fake.calls.length).toBeLessThanOrEqual(11);
    expect(fake.calls.every((call) => call.fields.status === 'unpaid')).toBe(true);
  });

  it('reads every record once from a service that returns them shuffled', async () => {
    const fake = await fakeService({ invoices: invoicesJson(250), shuffleSeed: 7, maxLimit: 45 });
    const { client } = clientOf(fake, { concurrency: 4 });

    const invoices = await collect(client.invoices());

    expect(invoices).toHaveLength(250);
    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(250));
  });

  it.each([400, 422])(
    'halves the limit while the service refuses it with HTTP %i on the first page, then reads on at that size',
    async (status) => {
      const fake = await fakeService({
        invoices: invoicesJson(60),
        intercept: (call) =>
          Number(call.fields.limit) > 30
            ? { json: { result: 'error', message: 'limit must be at most 30' }, status }
            : undefined,
      });
      const { client } = clientOf(fake, { concurrency: 1 });

      const invoices = await collect(client.invoices());

      expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(60));
      // 100 and 50 refused, 25 answered (read as a page cut short), then nothing above 25.
      const asked = pagesAsked(fake);
      expect(asked.slice(0, 4)).toEqual([
        [0, 100],
        [0, 50],
        [0, 25],
        [25, 25],
      ]);
      expect(Math.max(...asked.slice(3).map(([, limit]) => limit as number))).toBe(25);
      expect(asked.filter(([, limit]) => (limit as number) > 30)).toHaveLength(2);
    },
  );

  it.each([
    ['HTTP 404', { text: 'Not Found', status: 404 }],
    ['a result other than success', { json: { result: 'error', message: 'offset out of range' } }],
  ] as const)(
    'reads a list whole from a service that refuses offsets past the end with %s',
    async (_, refusal) => {
      // 25 records, pages of 10: the end shows where the page at 20 came back short (5 records), and the
      // refused rest of it (from 25) confirms it; a list of 30 ends after a full page, confirmed by asking
      // from its 30th record for 2 (1 comes back).
      for (const count of [25, 30]) {
        const fake = await fakeService({
          invoices: invoicesJson(count),
          intercept: (call) => (Number(call.fields.offset) >= count ? { ...refusal } : undefined),
        });
        const { client } = clientOf(fake, { pageSize: 10, concurrency: 2 });

        const invoices = await collect(client.invoices());

        expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(count));
      }
    },
  );

  it('reads a list whole from a service that answers a limit above its largest with no records', async () => {
    // Above 30 the service answers an empty page: the first page, empty at 100, is asked for at the
    // spec's default of 10 (10 records: the list is not empty), then halved as for a refusal: 50 (empty
    // again), 25 (answered), and the walk goes on at 25.
    const fake = await fakeService({
      invoices: invoicesJson(60),
      intercept: (call) =>
        Number(call.fields.limit) > 30 ? { json: { result: 'success', data: [] } } : undefined,
    });
    const { client } = clientOf(fake, { concurrency: 1 });

    const invoices = await collect(client.invoices());

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(60));
    expect(pagesAsked(fake).slice(0, 5)).toEqual([
      [0, 100],
      [0, 10],
      [0, 50],
      [0, 25],
      [25, 25],
    ]);
  });

  it("takes an empty list for empty once the spec's default limit finds it empty too", async () => {
    const fake = await fakeService({ invoices: [] });
    const { client } = clientOf(fake);

    expect(await collect(client.invoices())).toEqual([]);
    expect(pagesAsked(fake)).toEqual([
      [0, 100],
      [0, 10],
    ]);
  });

  it('halves the limit while the service refuses it with HTTP 200 and a result other than success', async () => {
    // The spec shows neither the failure's shape nor its status: a service may refuse with HTTP 200.
    const fake = await fakeService({
      invoices: invoicesJson(60),
      intercept: (call) =>
        Number(call.fields.limit) > 30
          ? { json: { result: 'error', message: 'limit must be at most 30' } }
          : undefined,
    });
    const { client } = clientOf(fake, { concurrency: 1 });

    const invoices = await collect(client.invoices());

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(60));
    expect(pagesAsked(fake).slice(0, 4)).toEqual([
      [0, 100],
      [0, 50],
      [0, 25],
      [25, 25],
    ]);
  });

  it('stops halving at the limit the spec gives as the default, and fails with the refusal there', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(5),
      intercept: () => ({ json: { result: 'error', message: 'no such filter' }, status: 400 }),
    });
    const { client } = clientOf(fake, { concurrency: 1 });

    const error = await collect(client.invoices()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as InvoicingProtocolError).status).toBe(400);
    expect(pagesAsked(fake)).toEqual([
      [0, 100],
      [0, 50],
      [0, 25],
      [0, 12],
      [0, 10],
    ]);
  });

  it('does not lower the limit once a page was answered at it', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(250),
      intercept: (call) => (call.index === 1 ? { text: 'Bad Request', status: 400 } : undefined),
    });
    const { client } = clientOf(fake, { concurrency: 1 });

    const error = await collect(client.invoices()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    // Then the refused offset is asked about from the record before it (2 records back: the list goes
    // on there), and the walk fails: at 100 records still, never a lower limit for the refused page.
    expect(pagesAsked(fake)).toEqual([
      [0, 100],
      [100, 100],
      [99, 2],
    ]);
  });

  it('keeps one copy of the records that overlapping pages bring twice', async () => {
    const fake = await fakeService({ invoices: invoicesJson(250), shiftBack: 7 });
    const { client } = clientOf(fake, { concurrency: 1 });

    const invoices = await collect(client.invoices());

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(250));
    // Pages 0-99, 93-192, 193-249 (short, so the rest of it is asked for from 257: empty), and one
    // page ahead at 300 (empty). Records came twice, so the order shifted: a second pass reads the
    // same pages, brings nothing new, and the walk ends.
    const pass = [
      [0, 100],
      [100, 100],
      [200, 100],
      [300, 100],
      [257, 43],
    ];
    expect(pagesAsked(fake)).toEqual([...pass, ...pass]);
  });

  it('asks again for a page that failed, then goes on', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(250),
      intercept: (call) => (call.index === 2 ? { text: 'Service Unavailable', status: 503 } : undefined),
    });
    const { client, waits } = clientOf(fake, { concurrency: 1 });

    const invoices = await collect(client.invoices());

    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(allInvoiceIds(250));
    // The third request (offset 200) fails and queues again behind the page ahead at 300.
    expect(pagesAsked(fake)).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
      [300, 100],
      [200, 100],
      [250, 50],
    ]);
    expect(waits).toEqual([250]);
  });

  it('stops with a protocol error on a service that ignores offset', async () => {
    const fake = await fakeService({ invoices: invoicesJson(250), ignoreOffset: true });
    const { client } = clientOf(fake, { concurrency: 1 });

    const error = await caught(collect(client.invoices()), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toMatch(/at offset 100 with 100 records all seen on other pages/);
    expect(fake.calls).toHaveLength(2);
  });

  it('stops with a protocol error after maxPages pages of records', async () => {
    const fake = await fakeService({ invoices: invoicesJson(1000) });
    const { client } = clientOf(fake, { concurrency: 1, pageSize: 10, maxPages: 3 });

    const error = await caught(collect(client.invoices()), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toMatch(/records on more than 3 pages/);
    expect(fake.calls.length).toBeGreaterThanOrEqual(4);
    expect(fake.calls.length).toBeLessThanOrEqual(6);
  });

  it('fails the walk with an authentication error on a wrong key', async () => {
    const fake = await fakeService({ invoices: invoicesJson(10) });
    const wrongKey = 'not-the-key-4242';
    const { client } = clientOf(fake, { apiKey: wrongKey, concurrency: 2 });

    expect(await caught(collect(client.payments()), wrongKey)).toBeInstanceOf(InvoicingAuthenticationError);
    expect(fake.calls.length).toBeLessThanOrEqual(2);
  });

  it('can be walked twice', async () => {
    const fake = await fakeService({ payments: Array.from({ length: 15 }, (_, n) => paymentJson(n)) });
    const { client } = clientOf(fake, { pageSize: 10 });
    const payments = client.payments();

    expect(await collect(payments)).toHaveLength(15);
    expect(await collect(payments)).toHaveLength(15);
  });
});

describe('requests in flight', () => {
  it('asks for the next pages in parallel, `concurrency` at a time', async () => {
    const fake = await fakeService({ invoices: invoicesJson(2000), latencyMs: 10 });
    const counter = countingFetch();
    const { client } = clientOf(fake, { concurrency: 8, fetch: counter.fetch });

    expect(await collect(client.invoices())).toHaveLength(2000);
    expect(counter.max).toBe(8);
    expect(fake.maxInFlight).toBeLessThanOrEqual(8);
    // 20 pages of records and one empty page are needed; past the end, at most one request per slot
    // is sent before the empty page calls the rest off.
    expect(fake.calls.length).toBeGreaterThanOrEqual(21);
    expect(fake.calls.length).toBeLessThanOrEqual(29);
  });

  it('never has more than `concurrency` requests in flight across every call of one client', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(600),
      payments: Array.from({ length: 300 }, (_, n) => paymentJson(n)),
      latencyMs: 10,
    });
    const counter = countingFetch();
    const { client } = clientOf(fake, { concurrency: 3, pageSize: 50, fetch: counter.fetch });

    const [invoices, payments] = await Promise.all([
      collect(client.invoices()),
      collect(client.payments()),
      client.invoiceStatistics(),
      client.listInvoices({ limit: 5 }),
      client.listPayments({ limit: 5 }),
    ]);

    expect(invoices).toHaveLength(600);
    expect(payments).toHaveLength(300);
    expect(counter.max).toBe(3);
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
  });

  it('gives free slots to the walk opened first, so that walks opened together end one after the other', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(600),
      payments: Array.from({ length: 600 }, (_, n) => paymentJson(n)),
      latencyMs: 10,
    });
    const { client } = clientOf(fake, { concurrency: 3, pageSize: 50 });

    const [invoices, payments] = await Promise.all([collect(client.invoices()), collect(client.payments())]);

    expect(invoices).toHaveLength(600);
    expect(payments).toHaveLength(600);
    const callsOf = (path: string, pages: (offset: number) => boolean) =>
      fake.calls.filter((call) => call.path === path && pages(Number(call.fields.offset)));
    // The invoices' last page with records (offset 550) is asked for before the payments' second half:
    // sharing the slots evenly, the two walks would reach their ends together.
    const lastInvoicePage = callsOf('/invoices/list', (offset) => offset === 550)[0]!;
    const secondHalfOfPayments = callsOf('/payments/list', (offset) => offset >= 300 && offset < 600);
    expect(secondHalfOfPayments).toHaveLength(6);
    expect(secondHalfOfPayments.every((call) => call.index > lastInvoicePage.index)).toBe(true);
  });

  it('stops asking once the consumer stops reading', async () => {
    const fake = await fakeService({ invoices: invoicesJson(5000), latencyMs: 5 });
    const counter = countingFetch();
    const { client } = clientOf(fake, { concurrency: 4, fetch: counter.fetch });

    for await (const invoice of client.invoices()) {
      expect(invoice.uid).toMatch(/^INV-/);
      break;
    }
    const requestsAtBreak = counter.calls;
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(counter.calls).toBe(requestsAtBreak);
    expect(requestsAtBreak).toBeLessThanOrEqual(5);
  });
});
