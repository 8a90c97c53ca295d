export { createInvoicingClient, ENDPOINTS } from './client';
export { DEFAULT_MAX_ANSWER_BYTES, type InvoicingClientHooks } from './client-options';
export * from './errors';
export { type PageRange, type PaginateOptions, paginate } from './paginate';
export { redactSecret } from './redact-secret';
export { backoffMs, type RetryPolicy, shouldRetry } from './retry';
export { parseRetryAfter } from './retry-after';
export * from './schemas';
export type * from './types';
