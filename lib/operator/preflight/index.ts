export type { Finding, PreflightClients } from './aws';
export { type PreflightResult, runPreflight } from './run-preflight';
export { PREFLIGHT_USAGE, type PreflightCommandIo, runPreflightCommand } from './preflight-command';
