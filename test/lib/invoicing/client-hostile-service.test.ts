import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvoicingClient } from '../../../lib/invoicing/client';
import {
  InvoicingAnswerTooLargeError,
  InvoicingApiError,
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingServerError,
  InvoicingValidationError,
} from '../../../lib/invoicing/errors';
import { NO_STATISTICS } from './support/fake-service';
import { invoiceJson } from './support/records';

/**
 * A service that means harm, over real HTTP: huge and endless answers, the key echoed in every encoding,
 * nesting that breaks recursion, absurd headers. Whatever it sends, the client ends in an
 * `InvoicingApiError` of one line that holds no form of the key, and its memory stays small.
 */

const KEY = 'sk_live/AbC+123xyz';
const MiB = 1024 * 1024;

/** The key as a service could echo it; each written out by hand. */
const ECHOED_KEYS: Record<string, string> = {
  'as sent': 'sk_live/AbC+123xyz',
  'JSON-escaped': 'sk_live\\/AbC+123xyz',
  '\\u-escaped':
    '\\u0073\\u006b\\u005f\\u006c\\u0069\\u0076\\u0065\\u002f\\u0041\\u0062\\u0043\\u002b\\u0031\\u0032\\u0033\\u0078\\u0079\\u007a',
  'as HTML named references': 'sk&lowbar;live&sol;AbC&plus;123xyz',
  'as HTML decimal references': '&#115;&#107;_live&#47;AbC&#43;123xyz',
  'as HTML hex references': 'sk_live&#x2F;AbC&#x2b;123xyz',
  'percent-encoded, upper case': 'sk_live%2FAbC%2B123xyz',
  'percent-encoded, lower case': 'sk_live%2fAbC%2b123xyz',
  'percent-encoded, + kept': 'sk_live%2FAbC+123xyz',
  mixed: 'sk\\u005flive&#x2F;AbC%2B123xyz',
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A `node:http` server on a free port that reads each request whole, then hands it to `handle`. */
async function hostileService(handle: Handler) {
  const calls = { count: 0 };
  const server = createServer((request, response) => {
    calls.count += 1;
    request.resume();
    request.once('end', () => {
      Promise.resolve(handle(request, response)).catch(() => response.destroy());
    });
  });
  await listen(server);
  return { url: urlOf(server), calls };
}

async function listen(server: Server | ReturnType<typeof createServer>): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
}

const urlOf = (server: Server | ReturnType<typeof createServer>) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function clientOf(url: string, options: { maxRetries?: number; concurrency?: number } = {}) {
  return createInvoicingClient({
    baseUrl: url,
    apiKey: KEY,
    maxRetries: 0,
    sleep: async () => {},
    ...options,
  });
}

/**
 * Writes `total` bytes (or forever) in 64 KiB chunks as the client takes them, without ever holding more
 * than one chunk; resolves with the bytes written when the connection closes.
 */
function stream(response: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, ' ');
  let written = 0;
  return new Promise((resolve) => {
    response.once('close', () => resolve(written));
    const pump = () => {
      while (!response.destroyed && written < total) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end();
    };
    response.write('{"result":"success","data":[');
    pump();
  });
}

/** The error a promise rejects with, after checking it is the client's own and of one line. */
async function failure(run: Promise<unknown>): Promise<InvoicingApiError> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof InvoicingApiError)) throw error ?? new Error('expected the call to fail');
  expect(error.message).not.toMatch(/[\r\n]/);
  expect(error.message.length).toBeLessThan(500);
  return error;
}

/** Everything a caller could print of an error. */
function visible(error: Error): string {
  const cause = error.cause instanceof Error ? `${error.cause.message}\n${error.cause.stack}` : '';
  return [error.message, error.stack, cause, JSON.stringify(error)].join('\n');
}

describe('answers too big to hold', () => {
  it('refuses four 100 MB answers at once while memory grows far less than they weigh', async () => {
    const written: Promise<number>[] = [];
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      written.push(stream(response, 100 * MiB));
    });
    const client = clientOf(service.url, { concurrency: 4 });
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);

    const errors = await Promise.all(Array.from({ length: 4 }, () => failure(client.listInvoices())));
    clearInterval(sampler);

    for (const error of errors) {
      expect(error).toBeInstanceOf(InvoicingAnswerTooLargeError);
      expect(error.message).toBe(
        "The invoicing service's answer to /invoices/list is larger than 16 MiB (maxAnswerBytes): refused",
      );
    }
    // Each connection was dropped at the limit: the service got nowhere near its 100 MB.
    for (const bytes of await Promise.all(written)) expect(bytes).toBeLessThan(40 * MiB);
    expect(peak - before).toBeLessThan(150 * MiB);
  });

  it('refuses an answer whose Content-Length is past the limit before reading it', async () => {
    const written: Promise<number>[] = [];
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * MiB) });
      written.push(stream(response, 100 * MiB));
    });

    const error = await failure(clientOf(service.url).invoiceStatistics());

    expect(error).toBeInstanceOf(InvoicingAnswerTooLargeError);
    expect(await written[0]).toBeLessThan(16 * MiB);
  });

  it('refuses an answer that never ends at the limit the options set', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      void stream(response, Number.POSITIVE_INFINITY);
    });
    const client = createInvoicingClient({ baseUrl: service.url, apiKey: KEY, maxAnswerBytes: MiB });

    const error = await failure(client.listPayments());

    expect(error).toBeInstanceOf(InvoicingAnswerTooLargeError);
    expect((error as InvoicingAnswerTooLargeError).maxBytes).toBe(MiB);
    expect(service.calls.count).toBe(1);
  });

  it('refuses an answer past the limit through a fetch given in the options too', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      void stream(response, Number.POSITIVE_INFINITY);
    });
    let calls = 0;
    const client = createInvoicingClient({
      baseUrl: service.url,
      apiKey: KEY,
      maxAnswerBytes: MiB,
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });

    expect(await failure(client.listInvoices())).toBeInstanceOf(InvoicingAnswerTooLargeError);
    expect(calls).toBe(1);
  });

  it('keeps a failure answer too long to show a server error, without an excerpt', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(503, { 'content-type': 'text/html' });
      void stream(response, 10 * MiB);
    });

    const error = await failure(clientOf(service.url).listInvoices());

    expect(error).toBeInstanceOf(InvoicingServerError);
    expect(error.bodyExcerpt).toBeUndefined();
    expect(error.message).toBe('The invoicing service failed (HTTP 503 from /invoices/list)');
  });
});

describe('the key echoed back', () => {
  const answers: [string, number, string, (form: string) => string][] = [
    ['an HTML refusal', 401, 'text/html', (form) => `<html><p>Token ${form} is not valid</p></html>`],
    ['a JSON error', 200, 'application/json', (form) => `{"result":"error","message":"bad token ${form}"}`],
    ['a server error', 500, 'text/plain', (form) => `Authorization: Token ${form}`],
    ['an HTML page with status 200', 200, 'text/html', (form) => `<pre>Authorization: Token ${form}</pre>`],
  ];

  for (const [answer, status, contentType, body] of answers) {
    it.each(Object.entries(ECHOED_KEYS))(`never shows the key written %s in ${answer}`, async (_, form) => {
      const service = await hostileService((_request, response) => {
        response.writeHead(status, { 'content-type': contentType, 'x-request-id': form }).end(body(form));
      });

      const error = await failure(clientOf(service.url).listInvoices());
      const text = visible(error);

      expect(text).not.toContain(KEY);
      expect(text).not.toContain(form);
      expect(text).not.toContain('AbC');
      expect(error.bodyExcerpt).toContain('[redacted]');
      expect(error.requestId).toBeUndefined();
    });
  }

  it.each([
    ['a refusal', 401],
    ['a server error', 500],
  ])('never shows the key echoed in UTF-16 in %s', async (_, status) => {
    // A server that writes its pages in UTF-16 (charset=utf-16): read as UTF-8, each ASCII character of
    // the echoed key comes with a NUL beside it, which a terminal does not show.
    const service = await hostileService((_request, response) => {
      response
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-16le' })
        .end(Buffer.from(`Invalid token ${KEY}`, 'utf16le'));
    });

    const error = await failure(clientOf(service.url).listInvoices());

    // The NULs taken out, as printed and as JSON writes them.
    expect(visible(error).replaceAll('\0', '').replaceAll('\\u0000', '')).not.toContain('AbC');
    expect(error.bodyExcerpt).toBe('Invalid token [redacted]');
  });

  it('never shows the key that the service made a key of the data', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          result: 'success',
          data: {
            ...NO_STATISTICS,
            invoicesByProjects: { [`token ${ECHOED_KEYS['JSON-escaped']}`]: 'n/a' },
          },
        }),
      );
    });

    const error = await failure(clientOf(service.url).invoiceStatistics());

    expect(error).toBeInstanceOf(InvoicingValidationError);
    expect((error as InvoicingValidationError).issues).toEqual([
      'data.invoicesByProjects["token [redacted]"]: expected a number',
    ]);
    expect(visible(error)).not.toContain('AbC');
  });
});

describe('answers that cannot be read', () => {
  it('makes a 21-digit Retry-After a protocol error at once, not a crash or a wait', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(429, { 'retry-after': '123456789012345678901' }).end();
    });

    const error = await failure(clientOf(service.url, { maxRetries: 4 }).listInvoices());

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service answered HTTP 429 from /invoices/list with a Retry-After too far ahead to be a date',
    );
    expect(service.calls.count).toBe(1);
  });

  it('makes datetimes and day starts out of range validation errors', async () => {
    const service = await hostileService((request, response) => {
      const data = request.url?.endsWith('/statistics/invoices')
        ? { ...NO_STATISTICS, invoicesByDate: { '2026-01-02': { date: 9_000_000_000_000_000, value: 1 } } }
        : [{ ...invoiceJson(1), createDatetime: '0000-01-01 00:00:00' }];
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'success', data }));
    });
    const client = clientOf(service.url);

    const statistics = await failure(client.invoiceStatistics());
    const invoices = await failure(client.listInvoices());

    expect((statistics as InvoicingValidationError).issues).toEqual([
      'data.invoicesByDate["2026-01-02"].date: expected a time in milliseconds between the years 100 and 9999',
    ]);
    expect((invoices as InvoicingValidationError).issues).toEqual([
      'data[0].createDatetime: expected a datetime that exists',
    ]);
  });

  it('makes a body cut half way a network error, retried', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '2000' });
      response.write(`{"result":"success","data":[${'0,'.repeat(100)}`);
      setTimeout(() => response.socket?.destroy(), 10);
    });

    const error = await failure(clientOf(service.url, { maxRetries: 1 }).listInvoices());

    expect(error).toBeInstanceOf(InvoicingNetworkError);
    expect(error.message).toMatch(
      /^The request to the invoicing service's \/invoices\/list failed before a complete answer \(/,
    );
    expect(service.calls.count).toBe(2);
  });

  it('makes a body its content coding does not decode a protocol error, not an unreachable service', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end('{"result":"success","data":[]}');
    });

    const error = await failure(clientOf(service.url, { maxRetries: 3 }).listInvoices());

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with a body that its content coding gzip does not decode (Z_DATA_ERROR: incorrect header check)',
    );
    expect(service.calls.count).toBe(1);
  });

  it('makes an answer that is not HTTP a protocol error', async () => {
    const server = createTcpServer((socket) => {
      socket.once('data', () => socket.end(`${KEY}\r\n\r\n`));
    });
    await listen(server);

    const error = await failure(clientOf(urlOf(server), { maxRetries: 3 }).listInvoices());

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toMatch(
      /^The invoicing service answered \/invoices\/list with something that is not HTTP \(HPE_[A-Z_]+\)$/,
    );
    expect(visible(error)).not.toContain('AbC');
  });

  it('makes a refusal with an absurd header of its own still an authentication error', async () => {
    const service = await hostileService((_, response) => {
      response.writeHead(401, { 'content-type': `text/html; x=${'y'.repeat(4000)}` }).end();
    });

    expect(await failure(clientOf(service.url).listInvoices())).toBeInstanceOf(InvoicingAuthenticationError);
  });
});
