import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { describeIssues, summariseIssues } from './describe-issues';
import { InvoicingParameterError } from './errors';
import { fetchTransport } from './fetch-transport';
import { nodeHttpTransport } from './node-http-transport';
import type { Transport } from './transport';
import type { InvoicingClientOptions } from './types';

/** Seams beside the documented options, for tests and unusual deployments. */
export interface InvoicingClientHooks {
  /** Waits between attempts; rejects when `signal` aborts. @default `setTimeout` of `node:timers/promises` */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the backoff jitter. @default Math.random */
  random?: () => number;
  /** The clock an HTTP-date `Retry-After` is read against, in ms since the epoch. @default Date.now */
  now?: () => number;
  /** Pages with records one list walk may read before it stops with a protocol error. @default 100000 */
  maxPages?: number;
  /**
   * Calls off every request of the client when it aborts (the person stopped the report): each call and
   * list walk then fails with the signal's reason, without waiting for an answer in flight.
   */
  signal?: AbortSignal;
}

/**
 * Most bytes an answer may hold unless the options say otherwise. A page of the default 100 records is
 * about 100 KB; the limit leaves room for pages a hundred times larger and keeps the worst case, one
 * answer this large per request in flight, far below a function's memory.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** First backoff ceiling; doubled on each retry up to `maxRetryDelayMs`. */
export const BASE_RETRY_DELAY_MS = 500;

const functionOf = <F>() => z.custom<F>((value) => typeof value === 'function', 'expected a function');

const baseUrlSchema = () =>
  z
    .string()
    .trim()
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    }, 'expected an http(s) URL without query or fragment')
    // The endpoints' paths are appended; a trailing slash would double theirs, a path prefix stays.
    .transform((value) => value.replace(/\/+$/, ''));

/** Built on first use, as the service's schemas are (see `schemas.ts`): a cold start need not pay for it. */
const clientOptionsSchema = z.lazy(() =>
  z
    .object({
      baseUrl: baseUrlSchema(),
      // Keys read from a file or an environment variable often carry a trailing newline.
      apiKey: z
        .string()
        .trim()
        .min(1, 'expected a non-empty API key')
        .regex(/^[\x21-\x7e]*$/, 'expected printable ASCII without spaces'),
      pageSize: z.number().int().positive().default(100),
      concurrency: z.number().int().positive().default(4),
      maxRetries: z.number().int().nonnegative().default(4),
      timeoutMs: z.number().positive().default(30_000),
      maxRetryDelayMs: z.number().nonnegative().default(30_000),
      maxAnswerBytes: z.number().int().positive().default(DEFAULT_MAX_ANSWER_BYTES),
      fetch: functionOf<typeof globalThis.fetch>().optional(),
      sleep: functionOf<NonNullable<InvoicingClientHooks['sleep']>>().optional(),
      random: functionOf<() => number>().optional(),
      now: functionOf<() => number>().optional(),
      maxPages: z.number().int().positive().default(100_000),
      signal: z
        .custom<AbortSignal>((value) => value instanceof AbortSignal, 'expected an AbortSignal')
        .optional(),
    })
    .strict(),
);

/** The options with every default filled in, and the transport they choose. */
export type ClientSettings = Required<Omit<z.output<typeof clientOptionsSchema>, 'fetch' | 'signal'>> & {
  transport: Transport;
  signal?: AbortSignal | undefined;
};

/**
 * Checks the options and fills in the defaults, or throws an `InvoicingParameterError` naming each
 * bad option (never its value: one of them is the API key).
 */
export function readClientOptions(options: InvoicingClientOptions & InvoicingClientHooks): ClientSettings {
  const result = clientOptionsSchema.safeParse(options);
  if (!result.success) {
    const issues = describeIssues(result.error.issues);
    throw new InvoicingParameterError(`Invalid invoicing client options: ${summariseIssues(issues)}`, {
      issues,
    });
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
