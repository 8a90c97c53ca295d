export type { Caller, ReportApiEnv } from './access';
export { type AccountTokenKey, accountToken, MIN_ACCOUNT_TOKEN_KEY_BYTES } from './account-token';
export { createReportApi, isContentTypeBinary } from './create-report-api';
export { ReportApiError, type ReportApiErrorCode } from './errors';
export { type ReportApiLogger, type ReportApiOptions, reportApiOptionsFor } from './report-api-options';
export { type ReportAnswer, reportAnswerJson } from './report-route';
