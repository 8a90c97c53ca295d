export * from './client';
export type { InvoicingClientHooks, InvoicingClientOptions } from './client-options';
export * from './errors';
export { IdSet } from './id-set';
export * from './params';
export { redactSecret } from './redact-secret';
export * from './schemas';
export * from './service-json';
