import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { InvoicingParameterError } from './errors';
import { nodeHttpTransport } from './node-http-transport';
import { fetchTransport, type Transport } from './send-request';
import { describeIssues, summariseIssues } from './shown-text';
import type { InvoicingClientHooks, InvoicingClientOptions } from './types';

/** A page of 100 records is about 100 KB: room for pages 100 times larger, far below a function's memory. */
const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const functionOf = <F>() => z.custom<F>((value) => typeof value === 'function', 'expected a function');

/** Built on first use, as the service's schemas are (see `schemas.ts`). */
const clientOptionsSchema = z.lazy(() =>
  z
    .object({
      baseUrl: z
        .string()
        .trim()
        .refine((value) => {
          if (!URL.canParse(value)) return false;
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
        }, 'expected an http(s) URL without query or fragment')
        // The endpoints' paths are appended; a trailing slash would double theirs, a path prefix stays.
        .transform((value) => value.replace(/\/+$/, '')),
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

/** Checks the options and fills in the defaults, or throws naming each bad option (never its value). */
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
