export type { Finding } from './finding';
export { PREFLIGHT_USAGE } from './preflight-args';
export type { PreflightClients } from './preflight-clients';
export { type PreflightCommandIo, runPreflightCommand } from './preflight-command';
export { type PreflightResult, runPreflight } from './run-preflight';
