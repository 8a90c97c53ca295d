export { createInvoicingClient } from './client';
export * from './errors';
export { IdSet } from './id-set';
export { type PageRange, type PaginateOptions, paginate } from './paginate';
export { redactSecret } from './redact-secret';
export * from './schemas';
export type * from './types';
