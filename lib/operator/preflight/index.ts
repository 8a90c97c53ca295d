export { runPreflightCommand } from './preflight-command';
