export { sandboxAccount, sandboxProjectNames } from './account';
export {
  closeServer,
  createSandboxApp,
  listenOnLoopback,
  type RunningSandbox,
  serveOnLoopback,
  startSandbox,
} from './app';
export {
  checkedToken,
  DEFAULT_SANDBOX_PORT,
  DEFAULT_SEED,
  parseSandboxArgs,
  SANDBOX_HELP,
  type SandboxOptions,
  type ServedPage,
} from './options';
export type { SandboxDataset } from './queries';
export { receivedUSD } from './rates';
