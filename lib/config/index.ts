export { type AccountConfig, domainOf, projectNamesSchema, scheduleClock } from './account-schema';
export * from './deployment-config';
export * from './errors';
export { ACCOUNT_NAME_PATTERN, isLoopbackHost, MAX_PORT, parsePort, TOKEN68_PATTERN } from './field-schemas';
export * from './load-config';
export * from './schedule-slots';
