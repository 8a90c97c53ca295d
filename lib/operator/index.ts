export {
  ACCOUNT_TOKEN_USAGE,
  type AccountTokenCommandIo,
  runAccountTokenCommand,
} from './account-token-command';
export {
  type Finding,
  PREFLIGHT_USAGE,
  type PreflightClients,
  type PreflightCommandIo,
  type PreflightResult,
  runPreflight,
  runPreflightCommand,
} from './preflight';
