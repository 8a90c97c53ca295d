/**
 * `npm run account-token -- --account NAME [--config-file PATH]`: prints an account's report API token,
 * derived from the key in Secrets Manager with the operator's AWS credentials.
 * Everything happens in `runAccountTokenCommand`; see `--help`.
 */
import { runAccountTokenCommand } from '../lib/operator';

// The SDK's notice that its 2027 releases need Node 22 would bury the one line this prints.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

process.exitCode = await runAccountTokenCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
