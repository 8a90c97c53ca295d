export {
  type Finding,
  PREFLIGHT_USAGE,
  type PreflightClients,
  type PreflightCommandIo,
  type PreflightResult,
  runPreflight,
  runPreflightCommand,
} from './preflight';
