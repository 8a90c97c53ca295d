import PQueue from 'p-queue';
import type * as z from 'zod';
import { BASE_RETRY_DELAY_MS, type InvoicingClientHooks, readClientOptions } from './client-options';
import { errorFromResponse, isRefusal } from './errors';
import type { FormFields } from './form-fields';
import { type PaginateOptions, paginate } from './paginate';
import { normaliseList, readAnswer } from './read-answer';
import { backoffMs, type RetryPolicy, retryAfterOf, shouldRetry } from './retry';
import {
  invoiceFilterSchema,
  invoiceListSchema,
  invoiceStatisticsSchema,
  listInvoicesParamsSchema,
  listPaymentsParamsSchema,
  paymentFilterSchema,
  paymentListSchema,
  statisticsFilterSchema,
} from './schemas';
import { sendRequest } from './send-request';
import type { InvoicingClient, InvoicingClientOptions } from './types';
import { validateParams } from './validate-params';

/** The `limit` the spec gives as the default, which any reading of it serves. */
const DEFAULT_LIMIT = 10;

/**
 * One walk's page fetcher: it halves `limit` while the service refuses the first page's (a service whose
 * largest `limit` is below the one asked for may refuse it rather than cap the page: the spec does not
 * show the largest), down to the spec's default, and asks no more than that from then on. A first page
 * that comes back empty at a larger limit is asked for again at the default: a service may answer a limit
 * it does not take with no records rather than a refusal, and the list would read as empty. A page asked
 * for with less than the walk meant reads to `paginate` as a page the service cut short.
 */
function withinRefusedLimit<T>(
  pageSize: number,
  fetchAt: (offset: number, limit: number, signal: AbortSignal) => Promise<T[]>,
): PaginateOptions<T>['fetchPage'] {
  let largestLimit = pageSize;
  let answered = false;
  /** Whether the first page has records at the default limit, asked once it came back empty at a larger one. */
  let recordsAtDefault: boolean | undefined;
  /** Whether the first page came back empty only because its limit was larger than the service takes. */
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
      // Refused, or emptied by the limit: halve it.
      largestLimit = Math.max(DEFAULT_LIMIT, Math.floor(limit / 2));
    }
  };
}

/** The service's three endpoints, appended to `baseUrl`. */
export const ENDPOINTS = {
  statistics: '/statistics/invoices',
  invoices: '/invoices/list',
  payments: '/payments/list',
} as const;

type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

/** One request to make, with its retries. */
interface ServiceRequest<Schema extends z.ZodType> {
  endpoint: Endpoint;
  fields: FormFields;
  schema: Schema;
  /** Calls the request off (a walk that ended or failed). */
  signal?: AbortSignal;
  /** Reshapes the answer's `data` before it is checked. */
  normalise?: (data: unknown) => unknown;
  /** Which waiting request a free slot goes to: the highest first, then the first sent. */
  priority: number;
}

/**
 * A client of the invoicing service's read interface.
 *
 * Parameters are checked before anything is sent (`InvoicingParameterError`); every answer is checked
 * against the schemas; 429, 5xx, network errors and timeouts are retried with backoff; no more than
 * `concurrency` requests of this client are in flight at once, whatever mix of calls runs. A free slot
 * goes to a single call first, then to the list walk opened first that has a page to ask for: walks
 * opened together are read one after the other at full speed, each taking up the slots the one before
 * leaves idle, rather than all ending together (a report writes a list's files as soon as the list is
 * read, while the next list is fetched).
 *
 * @example
 * const client = createInvoicingClient({ baseUrl: 'https://api.example.com/v1', apiKey });
 * const statistics = await client.invoiceStatistics({ startDate: '2026-01-01', endDate: '2026-01-31' });
 * for await (const invoice of client.invoices({ startDate: '2026-01-01', status: 'paid' })) {
 *   console.log(invoice.id, invoice.amountFiatUSD);
 * }
 */
export function createInvoicingClient(
  options: InvoicingClientOptions & InvoicingClientHooks,
): InvoicingClient {
  const settings = readClientOptions(options);
  const { apiKey, baseUrl, pageSize, concurrency, maxPages } = settings;
  const slots = new PQueue({ concurrency });
  /** Walks opened so far: each takes a lower priority than the one before; single calls take 0. */
  let walksOpened = 0;
  const policy: RetryPolicy = {
    maxRetries: settings.maxRetries,
    maxRetryDelayMs: settings.maxRetryDelayMs,
    baseDelayMs: BASE_RETRY_DELAY_MS,
    random: settings.random,
  };

  /** One attempt: the request holds a slot of the shared limit until its body is read. */
  async function attempt<Schema extends z.ZodType>(
    request: ServiceRequest<Schema>,
  ): Promise<z.output<Schema>> {
    const { endpoint, fields, schema, signal, normalise } = request;
    const answer = await slots.add(
      () =>
        sendRequest({
          url: `${baseUrl}${endpoint}`,
          endpoint,
          fields,
          apiKey,
          timeoutMs: settings.timeoutMs,
          maxAnswerBytes: settings.maxAnswerBytes,
          transport: settings.transport,
          signal,
        }),
      { priority: request.priority },
    );
    if (answer.status < 200 || answer.status > 299 || answer.body === undefined) {
      throw errorFromResponse({
        ...answer,
        body: answer.body?.text(),
        endpoint,
        apiKey,
        now: settings.now(),
      });
    }
    const context = { endpoint, status: answer.status, headers: answer.headers, apiKey };
    return readAnswer(answer.body, schema, context, normalise);
  }

  /** The request's own signal and the client's as one: either calls the request off. */
  function callOffBy(own: AbortSignal | undefined): AbortSignal | undefined {
    const { signal } = settings;
    return signal === undefined || own === undefined ? (signal ?? own) : AbortSignal.any([signal, own]);
  }

  /** A call with its retries; the slot is given back while waiting between attempts. */
  async function call<Schema extends z.ZodType>(asked: ServiceRequest<Schema>): Promise<z.output<Schema>> {
    const signal = callOffBy(asked.signal);
    const request = signal === asked.signal ? asked : { ...asked, signal };
    for (let retries = 0; ; retries += 1) {
      try {
        return await attempt(request);
      } catch (error) {
        if (signal?.aborted || !shouldRetry(error, retries, policy)) throw error;
        await settings.sleep(backoffMs(retries, retryAfterOf(error), policy), signal);
      }
    }
  }

  /** One page of a list, asked for by the caller (priority 0, like every single call). */
  function listPage<Schema extends z.ZodType>(
    endpoint: Endpoint,
    fields: FormFields,
    schema: Schema,
  ): Promise<z.output<Schema>> {
    return call({ endpoint, fields, schema, normalise: normaliseList, priority: 0 });
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
            call({
              endpoint,
              fields: { ...filter, offset, limit },
              schema,
              signal,
              normalise: normaliseList,
              priority,
            }),
          ),
          pageSize,
          // Twice the HTTP limit: the extra requests wait in the shared limiter and take a slot the
          // moment an answer's body is read, so checking that answer overlaps the next one's network
          // wait instead of delaying it. The limiter still caps requests in flight at `concurrency`.
          concurrency: concurrency * 2,
          maxPages,
          endpoint,
        });
      },
    };
  }

  return {
    async invoiceStatistics(filter = {}) {
      const fields = validateParams(statisticsFilterSchema, filter, ENDPOINTS.statistics);
      return call({ endpoint: ENDPOINTS.statistics, fields, schema: invoiceStatisticsSchema, priority: 0 });
    },
    async listInvoices(params = {}) {
      const fields = validateParams(listInvoicesParamsSchema, params, ENDPOINTS.invoices);
      return listPage(ENDPOINTS.invoices, fields, invoiceListSchema);
    },
    async listPayments(params = {}) {
      const fields = validateParams(listPaymentsParamsSchema, params, ENDPOINTS.payments);
      return listPage(ENDPOINTS.payments, fields, paymentListSchema);
    },
    invoices(filter = {}) {
      const fields = validateParams(invoiceFilterSchema, filter, ENDPOINTS.invoices);
      return walk(ENDPOINTS.invoices, fields, invoiceListSchema);
    },
    payments(filter = {}) {
      const fields = validateParams(paymentFilterSchema, filter, ENDPOINTS.payments);
      return walk(ENDPOINTS.payments, fields, paymentListSchema);
    },
  };
}
