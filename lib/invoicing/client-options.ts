import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { InvoicingParameterError } from './errors';
import { nodeHttpTransport } from './node-http-transport';
import { fetchTransport, type Transport } from './send-request';
import { describeIssues, summariseIssues } from './shown-text';

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
  sleep: functionOf<(ms: number, signal?: AbortSignal) => Promise<void>>().optional(),
  /** A number in [0, 1) for the backoff jitter. @default Math.random */
  random: functionOf<() => number>().optional(),
  /** The clock an HTTP-date `Retry-After` is read against, in ms since the epoch. @default Date.now */
  now: functionOf<() => number>().optional(),
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

/** The options with every default filled in, and the transport they choose. */
export type ClientSettings = Required<Omit<z.output<typeof clientOptionsSchema>, 'fetch' | 'signal'>> & {
  transport: Transport;
  signal?: AbortSignal | undefined;
};

/** Checks the options and fills in the defaults, or throws naming each bad option (never its value). */
export function readClientOptions(options: InvoicingClientOptions & InvoicingClientHooks): ClientSettings {
  const result = clientOptionsSchema.safeParse(options);
  if (!result.success) {
    const issues = describeIssues(result.error.issues);
    const message = `Invalid invoicing client options: ${summariseIssues(issues)}`;
    throw new InvoicingParameterError(message, { issues });
  }
  const { fetch, ...settings } = result.data;
  return {
    ...settings,
    transport: fetch ? fetchTransport(fetch) : nodeHttpTransport,
    sleep: settings.sleep ?? ((ms, signal) => delay(ms, undefined, { signal })),
    random: settings.random ?? Math.random,
    now: settings.now ?? Date.now,
  };
}
