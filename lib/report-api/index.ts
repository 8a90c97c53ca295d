export type { Caller, ReportApiEnv } from './access';
export { type AccountTokenKey, accountToken, MIN_ACCOUNT_TOKEN_KEY_BYTES } from './account-token';
export {
  createReportApi,
  isContentTypeBinary,
  type ReportAnswer,
  reportAnswerJson,
} from './create-report-api';
export { ReportApiError, type ReportApiErrorCode } from './errors';
export { type ReportApiLogger, type ReportApiOptions, reportApiOptionsFor } from './report-api-options';
