export { sandboxAccount, sandboxProjectNames } from './account';
export { closeServer, createSandboxApp, type RunningSandbox, serveOnLoopback, startSandbox } from './app';
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
export { GeneratedSource, type SandboxDataset } from './queries';
export { commissionUSD, cryptoRateUSD, fiatRateUSD, receivedUSD } from './rates';
export type { InvoiceItemJson, PaymentItemJson } from './records';
