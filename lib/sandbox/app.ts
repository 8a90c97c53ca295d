import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import { isLosslessNumber, stringify } from 'lossless-json';
import { resolveSandboxOptions, type SandboxOptions } from './options';
import { sandboxQueries } from './queries';
import { decimalOf } from './rates';
import { shuffledList } from './record-order';
import {
  errorBody,
  invoiceListParamsSchema,
  paymentListParamsSchema,
  readParams,
  statisticsParamsSchema,
} from './request-params';
import { SeededRandom } from './seeded-random';

const ROUTES = ['/statistics/invoices', '/invoices/list', '/payments/list'];
const FAULT_STREAM = 0xfa17;

/**
 * An answer's JSON text: a double as `JSON.stringify` writes it (`9.5e-7`, as PHP does), a `LosslessNumber`
 * with all its digits. `exact: false` (doubles only) is about 5× faster on 1,000 records.
 */
export function answerText(value: unknown, writing: { numbersAsStrings: boolean; exact: boolean }): string {
  if (writing.numbersAsStrings) {
    return JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'number' || isLosslessNumber(v) ? decimalOf(v).toFixed() : v,
    );
  }
  return writing.exact ? stringify(value)! : JSON.stringify(value);
}

/** Holds each answer `latencyMs` after its request, without queueing; global `setTimeout` for fake timers. */
export function latency(latencyMs: number): MiddlewareHandler {
  return async (_c, next) => {
    const held = new Promise((resolve) => setTimeout(resolve, latencyMs));
    await next();
    await held;
  };
}

/**
 * `Authorization: Token <API key>`, compared in constant time. A missing, malformed or wrong key gets 401
 * (not bearer-auth's 400 for a malformed header), never repeating the key.
 */
function tokenAuth(apiKey: string): MiddlewareHandler {
  const unauthorized = (message: string) => () =>
    new Response(JSON.stringify(errorBody('unauthorized', message)), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });
  const expected = 'send the header "Authorization: Token <API key>"';
  return bearerAuth({
    token: apiKey,
    prefix: 'Token',
    // Its default hash goes through WebCrypto's async digest, which took a sixth of a page's CPU.
    hashFunction: (value: string) => createHash('sha256').update(value).digest('hex'),
    noAuthenticationHeader: { message: unauthorized(`no API key: ${expected}`) },
    invalidAuthenticationHeader: { message: unauthorized(`malformed Authorization header: ${expected}`) },
    invalidToken: { message: unauthorized('wrong API key') },
  });
}

/**
 * The sandbox as a Hono app. Every answer waits `latencyMs`; then a share of requests gets a fault (half
 * 429, half 503, drawn from the seed in order of arrival); then the key is checked; then the form fields.
 */
export function createSandboxApp(options: SandboxOptions = {}): Hono {
  const settings = resolveSandboxOptions(options);
  const { seed, order, maxLimit, retryAfterSeconds, faultRate } = settings;
  const queries = sandboxQueries(settings);
  // A reshuffled list is shuffled afresh for each request, numbered in order of arrival.
  let listRequests = 0;
  // `exact`: statistics may hold sums of any length; a dataset may hold lossless numbers.
  const { numbersAsStrings } = settings;
  const success = (c: Context, data: unknown, exact: boolean) =>
    c.body(answerText({ result: 'success', data }, { numbersAsStrings, exact }), 200, {
      'Content-Type': 'application/json',
    });
  const exactLists = settings.dataset !== undefined;

  const app = new Hono();
  if (settings.latencyMs > 0) app.use(latency(settings.latencyMs));
  if (faultRate > 0) {
    const random = new SeededRandom(seed, FAULT_STREAM);
    app.use(async (c, next) => {
      if (!random.chance(faultRate)) return next();
      if (!random.chance(0.5)) {
        return c.json(errorBody('unavailable', 'the service is temporarily unavailable; retry later'), 503);
      }
      c.header('Retry-After', String(retryAfterSeconds));
      const message = `too many requests; retry after ${retryAfterSeconds} seconds`;
      return c.json(errorBody('rate_limited', message), 429);
    });
  }
  app.use(tokenAuth(settings.apiKey));

  app.post('/statistics/invoices', async (c) =>
    success(c, queries.statistics(await readParams(c, statisticsParamsSchema)), true),
  );
  for (const [endpoint, schema, list] of [
    ['/invoices/list', invoiceListParamsSchema, queries.invoices],
    ['/payments/list', paymentListParamsSchema, queries.payments],
  ] as const) {
    app.post(endpoint, async (c) => {
      const { offset, limit, ...filter } = await readParams(c, schema);
      const records: readonly unknown[] = list(filter as never);
      const arranged =
        order === 'reshuffled' ? shuffledList(records, seed, `request ${++listRequests}`) : records;
      const data = arranged.slice(offset, offset + Math.min(limit, maxLimit));
      settings.onPageServed?.({ endpoint, filter, offset, records: data.length });
      return success(c, data, exactLists);
    });
  }
  for (const route of ROUTES) {
    app.all(route, (c) =>
      c.json(errorBody('method_not_allowed', `use POST ${route}`), 405, { Allow: 'POST' }),
    );
  }
  app.notFound((c) =>
    c.json(errorBody('not_found', `no such endpoint; the endpoints are POST ${ROUTES.join(', ')}`), 404),
  );
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    // The details go to the sandbox's own stderr, never into the answer.
    console.error('sandbox: failed to answer', c.req.path, error);
    return c.json(errorBody('internal_error', 'the sandbox failed to answer'), 500);
  });
  return app;
}

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Serves the sandbox on 127.0.0.1 at `port` (0: a free one); a listen error keeps Node's `code`. */
export async function startSandbox(options: SandboxOptions & { port?: number } = {}) {
  const { port = 0, ...sandboxOptions } = options;
  const settings = resolveSandboxOptions(sandboxOptions);
  const { url, close } = await serveOnLoopback(port, () => createSandboxApp(settings));
  return { url, apiKey: settings.apiKey, close };
}

/** Listens on 127.0.0.1 at `port` (0: a free one); throws the listen error, its `code` kept. */
export async function listenOnLoopback(server: Server, port: number) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${actualPort}`, port: actualPort, close: () => closeServer(server) };
}

/**
 * Serves an app on 127.0.0.1, made from the server's URL once it listens (with port 0 it is known only
 * then; the report API puts it in its links). Throws the listen error, its `code` kept.
 */
export async function serveOnLoopback(
  port: number,
  createApp: (url: string) => { fetch(request: Request): Response | Promise<Response> },
) {
  let app: ReturnType<typeof createApp> | undefined;
  // Requests are read in later turns of the event loop than the one that sets `app`: the 503 is a guard.
  const fetch = (request: Request) => app?.fetch(request) ?? new Response('starting', { status: 503 });
  const served = await listenOnLoopback(createAdaptorServer({ fetch }) as Server, port);
  try {
    app = createApp(served.url);
  } catch (error) {
    await served.close();
    throw error;
  }
  return served;
}

/** Stops listening; drops keep-alive connections (fetch, SDK clients, browsers), which would hold it open. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
