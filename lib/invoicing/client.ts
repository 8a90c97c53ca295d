import { setTimeout as delay } from 'node:timers/promises';
import PQueue from 'p-queue';
import * as z from 'zod';
import { fullJitterMs } from '../config';
import {
  InvoicingNetworkError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  isRefusal,
  parsedParameters,
} from './errors';
import { nodeHttpTransport } from './node-http-transport';
import { type PaginateOptions, paginate } from './paginate';
import {
  type InvoiceFilter,
  type InvoiceItem,
  type InvoiceStatistics,
  invoiceFilterSchema,
  invoiceListSchema,
  invoiceStatisticsSchema,
  type ListInvoicesParams,
  type ListPaymentsParams,
  listInvoicesParamsSchema,
  listPaymentsParamsSchema,
  type PaymentFilter,
  type PaymentItem,
  paymentFilterSchema,
  paymentListSchema,
  type StatisticsFilter,
  statisticsFilterSchema,
} from './schemas';
import { type FormFields, fetchTransport, normaliseList, readAnswer, sendRequest } from './send-request';

/** A page of 100 records is about 100 KB: room for pages 100 times larger, far below a function's memory. */
const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const functionOf = <F>() => z.custom<F>((value) => typeof value === 'function', 'expected a function');

/** The documented options; shapes are built on first use, as the service's schemas are (`schemas.ts`). */
const options = () => ({
  /** Base URL of the service, e.g. `https://api.example.com/v1`; the endpoints' paths are appended. */
  baseUrl: z
    .string()
    .trim()
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    }, 'expected an http(s) URL without query or fragment')
    // A trailing slash would double the endpoints' own; a path prefix stays.
    .transform((value) => value.replace(/\/+$/, '')),
  /** The account's API key, sent as `Authorization: Token <key>`. Never logged, never in an error. */
  apiKey: z
    .string()
    // Keys read from a file or an environment variable often carry a trailing newline.
    .trim()
    .min(1, 'expected a non-empty API key')
    .regex(/^[\x21-\x7e]*$/, 'expected printable ASCII without spaces'),
  /** Records asked for per page by the iterators. @default 100 */
  pageSize: z.number().int().positive().default(100),
  /** Requests in flight at once, across every call of this client. @default 4 */
  concurrency: z.number().int().positive().default(4),
  /** Further attempts after a 429, a 5xx, a network error or a timeout. @default 4 */
  maxRetries: z.number().int().nonnegative().default(4),
  /** Time allowed for one request, answer body included. @default 30000 */
  timeoutMs: z.number().positive().default(30_000),
  /** Longest wait between attempts, whatever `Retry-After` asks. @default 30000 */
  maxRetryDelayMs: z.number().nonnegative().default(30_000),
  /** Most bytes one answer may hold, decoded; more is an `InvoicingAnswerTooLargeError`. @default 16 MiB */
  maxAnswerBytes: z.number().int().positive().default(DEFAULT_MAX_ANSWER_BYTES),
  /** A `fetch` to send requests through (a test's, an app's own). @default `node:http(s)` with keep-alive */
  fetch: functionOf<typeof globalThis.fetch>().optional(),
});

/** Seams beside the documented options, for tests and unusual deployments. */
const hooks = () => ({
  /** Waits between attempts; rejects when `signal` aborts. @default `setTimeout` of `node:timers/promises` */
  sleep: functionOf<(ms: number, signal?: AbortSignal) => Promise<void>>().default(
    () => (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }),
  ),
  /** A number in [0, 1) for the backoff jitter. @default Math.random */
  random: functionOf<() => number>().default(() => Math.random),
  /** The clock an HTTP-date `Retry-After` is read against, in ms since the epoch. @default Date.now */
  now: functionOf<() => number>().default(() => Date.now),
  /** Pages with records one list walk may read before it stops with a protocol error. @default 100000 */
  maxPages: z.number().int().positive().default(100_000),
  /** Calls off every request of the client (the report was stopped), failing with the signal's reason. */
  signal: z
    .custom<AbortSignal>((value) => value instanceof AbortSignal, 'expected an AbortSignal')
    .optional(),
});

export type InvoicingClientOptions = z.input<z.ZodObject<ReturnType<typeof options>>>;
export type InvoicingClientHooks = z.input<z.ZodObject<ReturnType<typeof hooks>>>;

const clientOptionsSchema = z.lazy(() => z.strictObject({ ...options(), ...hooks() }));

/** Checks the options and fills in the defaults, or throws naming each bad option (never its value). */
export function readClientOptions(options: InvoicingClientOptions & InvoicingClientHooks) {
  const { fetch, ...settings } = parsedParameters(clientOptionsSchema, options);
  return { ...settings, transport: fetch ? fetchTransport(fetch) : nodeHttpTransport };
}

/** The options with every default filled in, and the transport they choose. */
export type ClientSettings = ReturnType<typeof readClientOptions>;

export interface InvoicingClient {
  /** `POST /statistics/invoices`. */
  invoiceStatistics(filter?: StatisticsFilter): Promise<InvoiceStatistics>;
  /** `POST /invoices/list`: one page, as the service answers it. */
  listInvoices(params?: ListInvoicesParams): Promise<InvoiceItem[]>;
  /** `POST /payments/list`: one page, as the service answers it. */
  listPayments(params?: ListPaymentsParams): Promise<PaymentItem[]>;
  /** Every invoice matching the filter, each once, in no particular order. */
  invoices(filter?: InvoiceFilter): AsyncIterable<InvoiceItem>;
  /** Every payment matching the filter, each once, in no particular order. */
  payments(filter?: PaymentFilter): AsyncIterable<PaymentItem>;
}

/** First backoff ceiling; doubled on each retry up to `maxRetryDelayMs`. */
const BASE_RETRY_DELAY_MS = 500;

/**
 * The wait before retry `attempt` (0-based) after `error`, or `undefined` when none is worth it: a 429, 5xx,
 * network error or timeout is retried `maxRetries` times. The wait is the `Retry-After` asked for, otherwise
 * full jitter in [0, min(maxRetryDelayMs, baseDelayMs × 2^attempt)); never above `maxRetryDelayMs`, and a
 * 429 asking for longer fails at once, so the caller learns when to come back.
 */
export function retryDelayMs(
  error: unknown,
  attempt: number,
  policy: { maxRetries: number; maxRetryDelayMs: number; baseDelayMs: number; random: () => number },
): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  const jitter = () => fullJitterMs(attempt, policy.baseDelayMs, policy.maxRetryDelayMs, policy.random);
  if (error instanceof InvoicingRateLimitError || error instanceof InvoicingServerError) {
    const asked = error.retryAfterMs;
    if (asked === undefined) return jitter();
    if (error instanceof InvoicingRateLimitError && asked > policy.maxRetryDelayMs) return undefined;
    return Math.min(asked, policy.maxRetryDelayMs);
  }
  return error instanceof InvoicingNetworkError || error instanceof InvoicingTimeoutError
    ? jitter()
    : undefined;
}

/** The `limit` the spec gives as the default, which any reading of it serves. */
const DEFAULT_LIMIT = 10;

/**
 * One walk's page fetcher. It halves `limit` while the service refuses the first page's (the spec does not
 * show the largest, and a service may refuse rather than cap), down to the spec's default, and keeps it.
 * A first page empty at a larger limit is asked again at the default: a service may answer a limit it does
 * not take with no records. A page asked with less than meant reads to `paginate` as one cut short.
 */
function withinRefusedLimit<T>(
  pageSize: number,
  fetchAt: (offset: number, limit: number, signal: AbortSignal) => Promise<T[]>,
): PaginateOptions<T>['fetchPage'] {
  let largestLimit = pageSize;
  let answered = false;
  /** Whether the first page has records at the default limit, once it came back empty at a larger one. */
  let recordsAtDefault: boolean | undefined;
  const emptiedByLimit = async (page: T[], offset: number, limit: number, signal: AbortSignal) => {
    if (answered || page.length > 0 || limit <= DEFAULT_LIMIT) return false;
    recordsAtDefault ??= (await fetchAt(offset, DEFAULT_LIMIT, signal)).length > 0;
    return recordsAtDefault;
  };
  return async ({ offset, limit: pageLimit }, signal) => {
    for (;;) {
      const limit = Math.min(pageLimit, largestLimit);
      const page = await fetchAt(offset, limit, signal).catch((error: unknown) => {
        if (answered || limit <= DEFAULT_LIMIT || !isRefusal(error)) throw error;
        return undefined;
      });
      if (page !== undefined && !(await emptiedByLimit(page, offset, limit, signal))) {
        answered = true;
        return page;
      }
      largestLimit = Math.max(DEFAULT_LIMIT, Math.floor(limit / 2));
    }
  };
}

/** The service's three endpoints, appended to `baseUrl`. */
const ENDPOINTS = {
  statistics: '/statistics/invoices',
  invoices: '/invoices/list',
  payments: '/payments/list',
} as const;

type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

/**
 * A client of the service's read interface, at most `concurrency` requests in flight. A free slot goes to a
 * single call first, then to the walk opened first: walks opened together are read one after the other at
 * full speed rather than all ending together (a report writes a list's files while the next is fetched).
 */
export function createInvoicingClient(
  options: InvoicingClientOptions & InvoicingClientHooks,
): InvoicingClient {
  const settings = readClientOptions(options);
  const { apiKey, baseUrl, pageSize, concurrency, maxPages } = settings;
  const slots = new PQueue({ concurrency });
  /** Walks opened so far: each takes a lower priority than the one before; single calls take 0. */
  let walksOpened = 0;
  const policy = { ...settings, baseDelayMs: BASE_RETRY_DELAY_MS };

  /**
   * A request with its retries, called off by its signal or the client's. Each try holds a slot of the
   * shared limit until its body is read; waiting tries get a free slot by `priority`, the highest first.
   */
  async function call<Schema extends z.ZodType>(
    endpoint: Endpoint,
    fields: FormFields,
    schema: Schema,
    own?: AbortSignal,
    priority = 0,
  ): Promise<z.output<Schema>> {
    const client = settings.signal;
    const signal =
      client === undefined || own === undefined ? (client ?? own) : AbortSignal.any([client, own]);
    const url = `${baseUrl}${endpoint}`;
    const normalise = endpoint === ENDPOINTS.statistics ? undefined : normaliseList;
    for (let retries = 0; ; retries += 1) {
      try {
        const request = () => sendRequest({ ...settings, url, endpoint, fields, signal });
        const { status, headers, body } = await slots.add(request, { priority });
        return readAnswer(body, schema, { endpoint, status, headers, apiKey }, normalise);
      } catch (error) {
        const wait = signal?.aborted ? undefined : retryDelayMs(error, retries, policy);
        if (wait === undefined) throw error;
        await settings.sleep(wait, signal);
      }
    }
  }

  function walk<Schema extends z.ZodType<{ id: string }[]>>(
    endpoint: Endpoint,
    filter: FormFields,
    schema: Schema,
  ): AsyncIterable<z.output<Schema>[number]> {
    return {
      // A fresh walk for each `for await`, so the iterable can be read more than once.
      [Symbol.asyncIterator]: () => {
        walksOpened += 1;
        const priority = -walksOpened;
        return paginate<z.output<Schema>[number]>({
          fetchPage: withinRefusedLimit(pageSize, (offset, limit, signal) =>
            call(endpoint, { ...filter, offset, limit }, schema, signal, priority),
          ),
          pageSize,
          // Twice the HTTP limit: the extra requests wait in the limiter and take a slot the moment an
          // answer's body is read, so checking that answer overlaps the next one's network wait.
          concurrency: concurrency * 2,
          maxPages,
          endpoint,
        });
      },
    };
  }

  const { statistics, invoices, payments } = ENDPOINTS;
  const single =
    <Schema extends z.ZodType>(endpoint: Endpoint, params: z.ZodType<FormFields>, schema: Schema) =>
    async (given?: unknown) =>
      call(endpoint, parsedParameters(params, given ?? {}, endpoint), schema);
  return {
    invoiceStatistics: single(statistics, statisticsFilterSchema, invoiceStatisticsSchema),
    listInvoices: single(invoices, listInvoicesParamsSchema, invoiceListSchema),
    listPayments: single(payments, listPaymentsParamsSchema, paymentListSchema),
    invoices: (filter) =>
      walk(invoices, parsedParameters(invoiceFilterSchema, filter ?? {}, invoices), invoiceListSchema),
    payments: (filter) =>
      walk(payments, parsedParameters(paymentFilterSchema, filter ?? {}, payments), paymentListSchema),
  };
}
