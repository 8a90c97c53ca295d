export { type AccountTokenKey, accountToken, MIN_ACCOUNT_TOKEN_KEY_BYTES } from './account-token';
export { createReportApi, isContentTypeBinary } from './create-report-api';
export { ReportApiError } from './errors';
export { type ReportApiLogger, type ReportApiOptions, reportApiOptionsFor } from './report-api-options';
