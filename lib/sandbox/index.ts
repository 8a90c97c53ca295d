export { type SandboxAccount, sandboxAccount, sandboxProjectNames } from './account';
export { createSandboxApp } from './app';
export { DEFAULT_SANDBOX_PORT, parseSandboxArgs, SANDBOX_HELP, type SandboxCommand } from './cli-options';
export type { SandboxDataset } from './dataset-source';
export type { EndDateReading } from './date-reading';
export type { DayTotals } from './day-totals';
export type { ErrorBody, ErrorCode } from './error-body';
export type { ExtraPaidInvoice } from './extra-paid';
export { GeneratedSource, type GeneratedSourceOptions } from './generated-source';
export { type GeneratedMonth, generateMonth, type MonthRequest, monthCounts } from './month-generator';
export { DEFAULT_SEED, type SandboxOptions, type ServedPage } from './options';
export { commissionUSD, cryptoRateUSD, fiatRateUSD, receivedUSD } from './rates';
export type { ListOrder } from './record-order';
export type { InvoiceItemJson, InvoiceJson, PaymentItemJson, PaymentRecordJson, WalletJson } from './records';
export { AWKWARD_DESCRIPTIONS, AWKWARD_SERVICE_DATA } from './sample-texts';
export { type RunningSandbox, type SandboxServerOptions, startSandbox } from './server';
export type { InvoiceStatisticsJson } from './statistics';
export {
  CASES_PER_KIND,
  STRAY_CASES,
  type UnmatchedCase,
  type UnmatchedCaseKind,
} from './unmatched-cases';
