export { createInvoicingClient } from './client';
export * from './errors';
export { IdSet } from './id-set';
export * from './params';
export { redactSecret } from './redact-secret';
export * from './schemas';
export * from './service-json';
export type * from './types';
