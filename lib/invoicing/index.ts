export { createInvoicingClient, ENDPOINTS } from './client';
export type { InvoicingClientHooks } from './client-options';
export * from './errors';
export { type PageRange, type PaginateOptions, paginate } from './paginate';
export { backoffMs, type RetryPolicy, shouldRetry } from './retry';
export { parseRetryAfter } from './retry-after';
export * from './schemas';
export type * from './types';
