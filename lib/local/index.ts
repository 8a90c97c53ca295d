export { localDemoConfig } from './demo-config';
export {
  clearSesStore,
  type RunningEmulator,
  readSesStore,
  type StoredEmail,
  startS3Emulator,
  startSesEmulator,
} from './emulators';
export { LocalStackError, PortUnavailableError } from './errors';
export { type LocalAccountRun, runLocalMonthlyFanOut } from './local-fan-out';
export { probePort } from './port-probe';
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
export { ACCOUNT_TOKEN_KEY, LINK_SIGNING_KEY, loadStateKey } from './state';
