export {
  ACCOUNT_TOKEN_USAGE,
  type AccountTokenCommandIo,
  runAccountTokenCommand,
} from './account-token-command';
