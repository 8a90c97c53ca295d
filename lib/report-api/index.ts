export { type AccountTokenKey, accountToken, MIN_ACCOUNT_TOKEN_KEY_BYTES } from './account-token';
export { type ErrorBody, errorBody, ReportApiError, type ReportApiErrorCode } from './api-error';
export { createReportApi } from './create-report-api';
export type { Caller, ReportApiEnv } from './credentials';
export { isContentTypeBinary } from './lambda-content-types';
export { type ReportAnswer, reportAnswerJson } from './report-answer';
export { type ReportApiLogger, type ReportApiOptions, reportApiOptionsFor } from './report-api-options';
