export { localDemoConfig } from './demo-config';
export {
  clearSesStore,
  type RunningEmulator,
  readSesStore,
  type S3EmulatorOptions,
  type SesEmulatorOptions,
  type StoredEmail,
  startS3Emulator,
  startSesEmulator,
} from './emulators';
export { LocalStackError, type PortProblem, PortUnavailableError } from './errors';
export { type LocalAccountRun, type LocalFanOutOptions, runLocalMonthlyFanOut } from './local-fan-out';
export { type PortState, probePort } from './port-probe';
export { RunningParts, type StopPart } from './running-parts';
export { type FetchApp, type LoopbackServer, serveOnLoopback } from './serve-on-loopback';
export {
  type LocalService,
  type LocalStackPorts,
  type LocalStackSettings,
  readLocalStackEnv,
} from './settings';
export {
  LOCAL_BUCKET,
  type LocalAccountReport,
  type LocalStack,
  type LocalStackOptions,
  startLocalStack,
} from './stack';
export { formatStartBlock, type StartBlockFacts } from './start-block';
export { ACCOUNT_TOKEN_KEY, LINK_SIGNING_KEY, loadStateKey, type StateKey } from './state-keys';
