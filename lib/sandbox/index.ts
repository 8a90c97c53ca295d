export { sandboxAccount, sandboxProjectNames } from './account';
export { createSandboxApp, type RunningSandbox, startSandbox } from './app';
export type { SandboxDataset } from './dataset-source';
export { GeneratedSource } from './generated-source';
export {
  CASES_PER_KIND,
  type GeneratedMonth,
  generateMonth,
  monthCounts,
  STRAY_CASES,
  type UnmatchedCase,
} from './month-generator';
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
export type { InvoiceItemJson, PaymentItemJson } from './records';
