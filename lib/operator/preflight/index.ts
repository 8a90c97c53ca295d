export type { Finding, PreflightClients } from './aws';
export { PREFLIGHT_USAGE, type PreflightCommandIo, runPreflightCommand } from './preflight-command';
export { type PreflightResult, runPreflight } from './run-preflight';
