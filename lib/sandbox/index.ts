export { type SandboxAccount, sandboxAccount, sandboxProjectNames } from './account';
export { createSandboxApp, type RunningSandbox, type SandboxServerOptions, startSandbox } from './app';

export type { SandboxDataset } from './dataset-source';
export type { EndDateReading } from './date-reading';
export type { ExtraPaidInvoice } from './extra-paid';
export { GeneratedSource, type GeneratedSourceOptions } from './generated-source';
export { type GeneratedMonth, generateMonth, type MonthRequest, monthCounts } from './month-generator';
export {
  DEFAULT_SANDBOX_PORT,
  DEFAULT_SEED,
  parseSandboxArgs,
  SANDBOX_HELP,
  type SandboxCommand,
  type SandboxOptions,
  type ServedPage,
} from './options';
export { commissionUSD, cryptoRateUSD, fiatRateUSD, receivedUSD } from './rates';
export type { ListOrder } from './record-order';
export type { InvoiceItemJson, InvoiceJson, PaymentItemJson, PaymentRecordJson, WalletJson } from './records';
export { AWKWARD_DESCRIPTIONS, AWKWARD_SERVICE_DATA } from './sample-texts';
export type { DayTotals, InvoiceStatisticsJson } from './statistics';
export {
  CASES_PER_KIND,
  STRAY_CASES,
  type UnmatchedCase,
  type UnmatchedCaseKind,
} from './unmatched-cases';
