import type {
  InvoiceFilter,
  ListInvoicesParams,
  ListPaymentsParams,
  PaymentFilter,
  StatisticsFilter,
} from './params';
import type { InvoiceItem, InvoiceStatistics, PaymentItem } from './schemas';

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
  /** Calls off every request of the client (the report was stopped), failing with the signal's reason. */
  signal?: AbortSignal;
}

export interface InvoicingClientOptions {
  /** Base URL of the service, e.g. `https://api.example.com/v1`; the endpoints' paths are appended. */
  baseUrl: string;
  /** The account's API key, sent as `Authorization: Token <key>`. Never logged, never in an error. */
  apiKey: string;
  /** Records asked for per page by the iterators. @default 100 */
  pageSize?: number;
  /** Requests in flight at once, across every call of this client. @default 4 */
  concurrency?: number;
  /** Further attempts after a 429, a 5xx, a network error or a timeout. @default 4 */
  maxRetries?: number;
  /** Time allowed for one request, answer body included. @default 30000 */
  timeoutMs?: number;
  /** Longest wait between attempts, whatever `Retry-After` asks. @default 30000 */
  maxRetryDelayMs?: number;
  /** Most bytes one answer may hold, decoded; more is an `InvoicingAnswerTooLargeError`. @default 16 MiB */
  maxAnswerBytes?: number;
  /** A `fetch` to send requests through (a test's, an app's own). @default `node:http(s)` with keep-alive */
  fetch?: typeof globalThis.fetch;
}

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
