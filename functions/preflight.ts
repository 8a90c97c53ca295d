/**
 * `npm run preflight -- [--config PATH]`: checks the AWS account and region before a deploy, one line
 * per finding with its fix. Everything happens in `runPreflightCommand`; see `--help`.
 */
import { runPreflightCommand } from '../lib/operator';

// The SDK's notice that its 2027 releases need Node 22 would bury the lines this prints.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

process.exitCode = await runPreflightCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
