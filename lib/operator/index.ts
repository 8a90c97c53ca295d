export { runAccountTokenCommand } from './account-token-command';
export { runPreflightCommand } from './preflight';
