import { describe, expect, it } from 'vitest';
import {
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingParameterError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  InvoicingValidationError,
} from '../../../lib/invoicing/errors';
import { caught } from './support/caught';
import { clientOf, fakeServices } from './support/fake-client';
import { startFakeService } from './support/fake-service';
import { invoiceJson, invoicesJson, paymentJson, uuidOf } from './support/records';

const fakeService = fakeServices();

/** A failure answer that echoes the key back, as a careless service might. */
const echoingKey = (call: { authorization: string | undefined }) =>
  `<html><body>Request with ${call.authorization}</body></html>`;

describe('requests', () => {
  it('posts multipart form fields with the token and JSON accept headers', async () => {
    const fake = await fakeService({ invoices: invoicesJson(3) });
    const { client } = clientOf(fake);

    const invoices = await client.listInvoices({
      projectId: uuidOf('project', 1),
      status: 'unpaid',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      offset: 1,
      limit: 2,
    });

    expect(invoices.map((invoice) => invoice.uid)).toEqual(['INV-1', 'INV-2']);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.path).toBe('/invoices/list');
    expect(call?.fields).toEqual({
      projectId: uuidOf('project', 1),
      status: 'unpaid',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      offset: '1',
      limit: '2',
    });
    expect(call?.authorization).toBe(`Token ${fake.apiKey}`);
    expect(call?.accept).toBe('application/json');
    expect(call?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('sends only the fields that are set', async () => {
    const fake = await fakeService({ payments: [paymentJson(0)] });
    const { client } = clientOf(fake);

    await client.listPayments();
    await client.listPayments({ walletId: uuidOf('wallet', 1) });

    expect(fake.calls.map((call) => call.fields)).toEqual([{}, { walletId: uuidOf('wallet', 1) }]);
    expect(fake.calls.map((call) => call.path)).toEqual(['/payments/list', '/payments/list']);
  });

  it('keeps the path prefix of the base URL and drops its trailing slash', async () => {
    const fake = await fakeService();
    const { client } = clientOf(fake, { baseUrl: `${fake.url}/api/v2/` });

    await client.invoiceStatistics({ startDate: '2026-01-01', endDate: '2026-01-31' });

    expect(fake.calls[0]?.path).toBe('/api/v2/statistics/invoices');
    expect(fake.calls[0]?.fields).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it('reads statistics, empty objects written as [] included', async () => {
    const fake = await fakeService({
      statistics: {
        invoicesTotalNum: 3,
        invoicesPaidNum: 1,
        invoicesTotalUSD: 0.1,
        invoicesByProjects: { [uuidOf('project', 1)]: 0.1 },
        invoicesByCurrencies: { USD: 0.1 },
        invoicesByMonths: [],
        invoicesByDate: [],
      },
    });
    const { client } = clientOf(fake);

    expect(await client.invoiceStatistics()).toEqual({
      invoicesTotalNum: 3,
      invoicesPaidNum: 1,
      invoicesTotalUSD: '0.1',
      invoicesByProjects: { [uuidOf('project', 1)]: '0.1' },
      invoicesByCurrencies: { USD: '0.1' },
      invoicesByMonths: {},
      invoicesByDate: {},
    });
  });

  it('reads a list the service wrote as an object keyed by index', async () => {
    const fake = await fakeService({
      intercept: () => ({ json: { result: 'success', data: { '1': invoiceJson(1), '0': invoiceJson(0) } } }),
    });
    const { client } = clientOf(fake);

    expect((await client.listInvoices()).map((invoice) => invoice.uid)).toEqual(['INV-0', 'INV-1']);
  });

  it('rejects bad parameters before sending anything', async () => {
    const fake = await fakeService();
    const { client } = clientOf(fake);

    const error = await caught(client.listInvoices({ status: 'refunded' as 'paid', limit: 0 }), fake.apiKey);
    expect(error).toBeInstanceOf(InvoicingParameterError);
    expect(error.message).toBe(
      'Invalid parameters for /invoices/list: status: Invalid option: expected one of "unpaid"|"canceled"|"paid"|"expired"; limit: Too small: expected number to be >0',
    );
    const statistics = await caught(client.invoiceStatistics({ startDate: '2026-13-01' }), fake.apiKey);
    expect(statistics).toBeInstanceOf(InvoicingParameterError);
    const walk = await caught(() => client.invoices({ offset: 10 } as never), fake.apiKey);
    expect(walk.message).toBe('Invalid parameters for /invoices/list: offset: not accepted here');
    const payments = await caught(() => client.payments({ walletId: 'wallet-1' }), fake.apiKey);
    expect((payments as InvoicingParameterError).issues[0]).toMatch(/^walletId: /);

    expect(fake.calls).toHaveLength(0);
  });
});

describe('answers that are errors', () => {
  it('makes a refused key an authentication error, not retried, the echoed key redacted', async () => {
    const fake = await fakeService();
    const wrongKey = 'wrong-key-0123456789';
    const { client } = clientOf(fake, { apiKey: wrongKey });

    const error = await caught(client.invoiceStatistics(), wrongKey);

    expect(error).toBeInstanceOf(InvoicingAuthenticationError);
    expect(error.message).toBe(
      'The invoicing service refused the API key (HTTP 401 from /statistics/invoices): {"result":"error","message":"Invalid authorization \\"Token [redacted]\\""}',
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('makes HTTP 403 an authentication error', async () => {
    const fake = await fakeService({ intercept: (call) => ({ text: echoingKey(call), status: 403 }) });
    const { client } = clientOf(fake);

    const error = await caught(client.listPayments(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingAuthenticationError);
    expect((error as InvoicingAuthenticationError).status).toBe(403);
  });

  it('makes an HTML answer a protocol error, not retried', async () => {
    const fake = await fakeService({
      intercept: (call) => ({ text: echoingKey(call), status: 200, contentType: 'text/html; charset=UTF-8' }),
    });
    const { client } = clientOf(fake);

    const error = await caught(client.listInvoices(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with something other than JSON (HTTP 200, text/html; charset=UTF-8): <html><body>Request with Token [redacted]</body></html>',
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('makes result "error" a protocol error carrying the body excerpt', async () => {
    const fake = await fakeService({
      intercept: () => ({ json: { result: 'error', message: 'Project not found', code: 1042 } }),
    });
    const { client } = clientOf(fake);

    const error = (await caught(client.listInvoices(), fake.apiKey)) as InvoicingProtocolError;

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.bodyExcerpt).toBe('{"result":"error","message":"Project not found","code":1042}');
    expect(error.status).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });

  it('makes an unexpected status a protocol error, and follows no redirect', async () => {
    const fake = await fakeService({
      intercept: () => ({ text: '', status: 302, headers: { location: 'https://elsewhere.example/' } }),
    });
    const { client } = clientOf(fake);

    const error = await caught(client.listInvoices(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service redirected /invoices/list (HTTP 302) to https://elsewhere.example, not followed so that the API key goes nowhere else: if the service moved there, configure its new URL',
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('makes data that does not match a validation error naming the field', async () => {
    const invoices = invoicesJson(4);
    invoices[3] = { ...invoices[3], status: 'paid', payment: { ...paymentJson(3), amount: 'NaN' } };
    const fake = await fakeService({ invoices });
    const { client } = clientOf(fake);

    const error = (await caught(client.listInvoices({ limit: 4 }), fake.apiKey)) as InvoicingValidationError;

    expect(error).toBeInstanceOf(InvoicingValidationError);
    expect(error.issues).toEqual(['data[3].payment.amount: expected a number']);
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with data this client cannot read: data[3].payment.amount: expected a number',
    );
    expect(fake.calls).toHaveLength(1);
  });
});

describe('retries', () => {
  it('waits as long as a 429 asks in seconds, then succeeds', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(2),
      intercept: (call) =>
        call.index === 0
          ? { json: { result: 'error' }, status: 429, headers: { 'retry-after': '2' } }
          : undefined,
    });
    const { client, waits } = clientOf(fake);

    expect(await client.listInvoices()).toHaveLength(2);
    expect(waits).toEqual([2000]);
    expect(fake.calls).toHaveLength(2);
  });

  it('waits until the HTTP date a 429 gives', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const fake = await fakeService({
      intercept: (call) =>
        call.index === 0
          ? { json: {}, status: 429, headers: { 'retry-after': 'Sun, 01 Mar 2026 12:00:05 GMT' } }
          : undefined,
    });
    const { client, waits } = clientOf(fake, { now: () => now });

    await client.listPayments();

    expect(waits).toEqual([5000]);
    expect(fake.calls).toHaveLength(2);
  });

  it('fails at once, saying when to come back, when a 429 asks to wait longer than allowed', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const fake = await fakeService({
      intercept: (call) => ({ text: echoingKey(call), status: 429, headers: { 'retry-after': '120' } }),
    });
    const { client, waits } = clientOf(fake, { maxRetryDelayMs: 10_000, now: () => now });

    const error = (await caught(client.listInvoices(), fake.apiKey)) as InvoicingRateLimitError;

    expect(error).toBeInstanceOf(InvoicingRateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.retryAt?.toISOString()).toBe('2026-03-01T12:02:00.000Z');
    expect(error.message).toBe(
      'The invoicing service is rate limiting requests (HTTP 429 from /invoices/list); it asks to try again in 120 s, at 2026-03-01T12:02:00.000Z',
    );
    expect(waits).toEqual([]);
    expect(fake.calls).toHaveLength(1);
  });

  it('backs off exponentially on a 429 without Retry-After and gives up after maxRetries', async () => {
    const fake = await fakeService({ intercept: () => ({ json: { result: 'error' }, status: 429 }) });
    const { client, waits } = clientOf(fake, { maxRetries: 2 });

    const error = await caught(client.listInvoices(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingRateLimitError);
    // random 0.5 of the ceilings 500 and 1000 ms.
    expect(waits).toEqual([250, 500]);
    expect(fake.calls).toHaveLength(3);
  });

  it('retries a 503 and succeeds', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(1),
      intercept: (call) => (call.index === 0 ? { text: 'Service Unavailable', status: 503 } : undefined),
    });
    const { client, waits } = clientOf(fake);

    expect(await client.listInvoices()).toHaveLength(1);
    expect(waits).toEqual([250]);
    expect(fake.calls).toHaveLength(2);
  });

  it('gives up on a service that keeps failing with a server error', async () => {
    const fake = await fakeService({ intercept: (call) => ({ text: echoingKey(call), status: 500 }) });
    const { client } = clientOf(fake, { maxRetries: 3 });

    const error = (await caught(client.invoiceStatistics(), fake.apiKey)) as InvoicingServerError;

    expect(error).toBeInstanceOf(InvoicingServerError);
    expect(error.status).toBe(500);
    expect(error.bodyExcerpt).toBe('<html><body>Request with Token [redacted]</body></html>');
    expect(fake.calls).toHaveLength(4);
  });

  it('makes no further attempt with maxRetries 0', async () => {
    const fake = await fakeService({ intercept: () => ({ text: 'down', status: 502 }) });
    const { client } = clientOf(fake, { maxRetries: 0 });

    expect(await caught(client.listPayments(), fake.apiKey)).toBeInstanceOf(InvoicingServerError);
    expect(fake.calls).toHaveLength(1);
  });

  it('times out a slow answer', async () => {
    const fake = await fakeService({ intercept: () => ({ delayMs: 10_000 }) });
    const { client } = clientOf(fake, { timeoutMs: 100, maxRetries: 0 });

    const error = (await caught(client.listInvoices(), fake.apiKey)) as InvoicingTimeoutError;

    expect(error).toBeInstanceOf(InvoicingTimeoutError);
    expect(error.timeoutMs).toBe(100);
    expect(error.message).toBe('The invoicing service did not answer /invoices/list within 100 ms');
  });

  it('times out a body that stops half way', async () => {
    const fake = await fakeService({ intercept: () => ({ stallBody: true }) });
    const { client } = clientOf(fake, { timeoutMs: 100, maxRetries: 0 });

    expect(await caught(client.listInvoices(), fake.apiKey)).toBeInstanceOf(InvoicingTimeoutError);
  });

  it('retries after a timeout and succeeds', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(1),
      intercept: (call) => (call.index === 0 ? { delayMs: 10_000 } : undefined),
    });
    const { client } = clientOf(fake, { timeoutMs: 1000 });

    expect(await client.listInvoices()).toHaveLength(1);
    expect(fake.calls).toHaveLength(2);
  });

  it('makes a dropped connection a network error', async () => {
    const fake = await fakeService({ intercept: () => ({ drop: true }) });
    const { client } = clientOf(fake, { maxRetries: 0 });

    const error = await caught(client.listInvoices(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingNetworkError);
    expect(error.message).toMatch(
      /^The request to the invoicing service's \/invoices\/list failed before a complete answer/,
    );
  });

  it('retries a dropped connection and succeeds', async () => {
    const fake = await fakeService({
      invoices: invoicesJson(1),
      intercept: (call) => (call.index === 0 ? { drop: true } : undefined),
    });
    const { client } = clientOf(fake);

    expect(await client.listInvoices()).toHaveLength(1);
    expect(fake.calls).toHaveLength(2);
  });

  it('makes a refused connection a network error', async () => {
    const fake = await startFakeService();
    await fake.close();
    const { client } = clientOf(fake, { maxRetries: 1 });

    const error = await caught(client.listInvoices(), fake.apiKey);

    expect(error).toBeInstanceOf(InvoicingNetworkError);
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('calling off', () => {
  it("fails every call and list walk with the signal's reason the moment the client's signal aborts", async () => {
    // The second page stalls mid-body, as a service that hangs: only the signal can end the walk.
    const fake = await fakeService({
      invoices: invoicesJson(5),
      intercept: (call) => (call.index === 1 ? { stallBody: true } : undefined),
    });
    const stop = new AbortController();
    const { client } = clientOf(fake, { pageSize: 2, concurrency: 1, signal: stop.signal });
    const stopped = new Error('stopped by the person');

    const read: string[] = [];
    const walk = (async () => {
      for await (const invoice of client.invoices()) {
        read.push(invoice.id);
        if (read.length === 2) setTimeout(() => stop.abort(stopped), 50);
      }
    })();

    expect(await caught(walk, fake.apiKey)).toBe(stopped);
    expect(read).toEqual([uuidOf('invoice', 0), uuidOf('invoice', 1)]);
    // Asked after the signal aborted: fails before anything is sent.
    const calls = fake.calls.length;
    expect(await caught(client.listPayments(), fake.apiKey)).toBe(stopped);
    expect(fake.calls).toHaveLength(calls);
  });
});
