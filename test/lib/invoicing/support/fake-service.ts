import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * A small, configurable stand-in of the invoicing service for the client's tests, over real HTTP on
 * 127.0.0.1. It serves the three endpoints from in-memory records and can misbehave the ways a real
 * service might: a silent cap on `limit`, a shuffled order, overlapping pages, an `offset` ignored,
 * and any scripted answer for a given call (an HTML page, `result: "error"`, a 401, a 429, a 503, a
 * slow answer, a dropped connection).
 *
 * Written on `node:http` rather than Hono so that a test can drop the socket or stall a body half way.
 */

/** A request as the fake received it. */
export interface RecordedCall {
  /** 0-based position among all calls the fake received. */
  index: number;
  path: string;
  /** The multipart form fields. */
  fields: Record<string, string>;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
}

/** A scripted answer in place of the normal one. */
export type FakeAnswer =
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { text: string; status: number; contentType?: string; headers?: Record<string, string> }
  /** Destroys the connection without answering. */
  | { drop: true }
  /** Sends the headers and the start of a JSON body, then nothing more. */
  | { stallBody: true }
  /** The normal answer, this much later. */
  | { delayMs: number };

export interface FakeServiceOptions {
  /** The key the fake accepts; any other gets a 401 that echoes the key it was sent. */
  apiKey?: string;
  invoices?: readonly Record<string, unknown>[];
  payments?: readonly Record<string, unknown>[];
  /** `data` of `/statistics/invoices`. */
  statistics?: unknown;
  /** A silent cap: a page never holds more records than this, whatever `limit` asks. */
  maxLimit?: number;
  /** Serves the records in a fixed pseudo-random order drawn from this seed. */
  shuffleSeed?: number;
  /** Each page starts this many records before `offset`, as when records are added at the front. */
  shiftBack?: number;
  /** Serves every page from the first record. */
  ignoreOffset?: boolean;
  /** Waits this long before each answer. */
  latencyMs?: number;
  /** Returns a scripted answer for a call, or `undefined` for the normal one. */
  intercept?: (call: RecordedCall) => FakeAnswer | undefined;
}

export interface FakeService {
  url: string;
  apiKey: string;
  calls: RecordedCall[];
  /**
   * The most requests the fake was answering at one time, among those it answered in full: a request
   * the client called off (a page past the end of a list) is seen to go only a moment after the client
   * let it go, by which time the client may have sent the next.
   */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

/** Statistics of an account without invoices, empty objects written as PHP writes them. */
export const NO_STATISTICS = {
  invoicesTotalNum: 0,
  invoicesPaidNum: 0,
  invoicesTotalUSD: 0,
  invoicesByProjects: [],
  invoicesByCurrencies: [],
  invoicesByMonths: [],
  invoicesByDate: [],
};

export const FAKE_API_KEY = 'fake-secret-key-9f86d081884c7d65';

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rng = xoroshiro128plus(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = uniformInt(rng, 0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

async function readFields(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const contentType = request.headers['content-type'];
  if (!contentType?.startsWith('multipart/form-data')) return {};
  // undici's own multipart parser, through the Request class.
  const form = await new Request('http://fake.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: Buffer.concat(chunks),
  }).formData();
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
}

function wait(ms: number, response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    response.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const apiKey = options.apiKey ?? FAKE_API_KEY;
  const order = <T>(records: readonly T[]) =>
    options.shuffleSeed === undefined ? records : shuffled(records, options.shuffleSeed);
  const invoices = order(options.invoices ?? []);
  const payments = order(options.payments ?? []);
  const calls: RecordedCall[] = [];
  /** Each request's start (+1) and end (-1), and whether it was answered in full. */
  const lifetimes: { events: { change: 1 | -1; request: number }[]; answered: Set<number> } = {
    events: [],
    answered: new Set(),
  };

  const page = (records: readonly unknown[], fields: Record<string, string>) => {
    const offset = options.ignoreOffset
      ? 0
      : Math.max(0, Number(fields.offset ?? 0) - (options.shiftBack ?? 0));
    const limit = Math.min(Number(fields.limit ?? 10), options.maxLimit ?? Number.POSITIVE_INFINITY);
    return records.slice(offset, offset + limit);
  };

  const answerNormally = (call: RecordedCall, response: ServerResponse) => {
    if (call.authorization !== `Token ${apiKey}`) {
      sendJson(response, 401, { result: 'error', message: `Invalid authorization "${call.authorization}"` });
    } else if (call.path.endsWith('/statistics/invoices')) {
      sendJson(response, 200, { result: 'success', data: options.statistics ?? NO_STATISTICS });
    } else if (call.path.endsWith('/invoices/list')) {
      sendJson(response, 200, { result: 'success', data: page(invoices, call.fields) });
    } else if (call.path.endsWith('/payments/list')) {
      sendJson(response, 200, { result: 'success', data: page(payments, call.fields) });
    } else {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const call: RecordedCall = {
      index: calls.length,
      path: request.url ?? '',
      fields: {},
      authorization: request.headers.authorization,
      accept: request.headers.accept,
      contentType: request.headers['content-type'],
    };
    calls.push(call);
    call.fields = await readFields(request);
    if (options.latencyMs) await wait(options.latencyMs, response);
    if (response.destroyed) return;
    const scripted = options.intercept?.(call);
    if (scripted === undefined) return answerNormally(call, response);
    if ('drop' in scripted) return void request.socket.destroy();
    if ('stallBody' in scripted) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.write('{"result":"success","data":[');
    }
    if ('delayMs' in scripted) {
      await wait(scripted.delayMs, response);
      if (!response.destroyed) answerNormally(call, response);
      return;
    }
    if ('json' in scripted)
      return sendJson(response, scripted.status ?? 200, scripted.json, scripted.headers);
    response.writeHead(scripted.status, {
      'content-type': scripted.contentType ?? 'text/html',
      ...scripted.headers,
    });
    response.end(scripted.text);
  };

  const server = createServer((request, response) => {
    const number = lifetimes.events.length;
    lifetimes.events.push({ change: 1, request: number });
    response.once('finish', () => lifetimes.answered.add(number));
    response.once('close', () => lifetimes.events.push({ change: -1, request: number }));
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { result: 'error', message: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    get maxInFlight() {
      let inFlight = 0;
      let most = 0;
      for (const { change, request } of lifetimes.events) {
        if (!lifetimes.answered.has(request)) continue;
        inFlight += change;
        most = Math.max(most, inFlight);
      }
      return most;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
