export { type SandboxAccount, sandboxAccount, sandboxProjectNames } from './account';
export { cryptoDecimals } from './amounts';
export { createSandboxApp } from './app';
export {
  DEFAULT_SANDBOX_PORT,
  parseSandboxArgs,
  SANDBOX_HELP,
  SANDBOX_USAGE,
  type SandboxCommand,
  UsageError,
} from './cli-options';
export type { SandboxDataset } from './dataset-source';
export type { EndDateReading } from './date-reading';
export type { DayTotals } from './day-totals';
export type { ErrorBody, ErrorCode } from './error-body';
export { EXTRA_PAID_FORMAT, type ExtraPaidInvoice, parseExtraPaid } from './extra-paid';
export { DATA_MONTHS, GeneratedSource, type GeneratedSourceOptions } from './generated-source';
export { monthOfInvoiceId, monthOfInvoiceUid } from './identifiers';
export { DUST_AMOUNT, SEARCH_GRACE_SECONDS } from './month-edge-cases';
export {
  type GeneratedMonth,
  generateMonth,
  MIN_OTHERS,
  MIN_UNMATCHED,
  type MonthRequest,
  monthCounts,
  OTHERS_SHARE,
  UNMATCHED_SHARE,
} from './month-generator';
export {
  DEFAULT_API_KEY,
  DEFAULT_MAX_LIMIT,
  DEFAULT_PAID_PER_MONTH,
  DEFAULT_SEED,
  MAX_PAID_PER_MONTH,
  type SandboxOptions,
  type ServedPage,
} from './options';
export {
  COMMISSION_RATE,
  commissionUSD,
  cryptoRateUSD,
  fiatRateUSD,
  receivedUSD,
  roundUSD,
  SANDBOX_CRYPTOCURRENCIES,
  SANDBOX_FIAT_CURRENCIES,
} from './rates';
export type { ListOrder } from './record-order';
export type { InvoiceItemJson, InvoiceJson, PaymentItemJson, PaymentRecordJson, WalletJson } from './records';
export { AWKWARD_DESCRIPTIONS, AWKWARD_SERVICE_DATA } from './sample-texts';
export { type RunningSandbox, type SandboxServerOptions, startSandbox } from './server';
export { formatServiceDatetime } from './service-time';
export type { InvoiceStatisticsJson } from './statistics';
export {
  CASES_PER_KIND,
  STRAY_CASES,
  type UnmatchedCase,
  type UnmatchedCaseKind,
} from './unmatched-cases';
export { isTimeZone } from './zone-days';
