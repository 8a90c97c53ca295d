export * from './client';
export * from './errors';
export { IdSet } from './id-set';
export { redactSecret } from './redact-secret';
export * from './schemas';
export * from './service-json';
