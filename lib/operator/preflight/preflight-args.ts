import { parseArgs } from 'node:util';
import { UsageError } from '../../config';

/** What the command line asks for. */
export interface PreflightArgs {
  help: boolean;
  /** The configuration file, as `cdk synth -c configFile=PATH` names it; undefined for cdk.json's. */
  configFile?: string;
}

/** What `--help` prints. */
export const PREFLIGHT_USAGE = `usage: npm run preflight -- [--config PATH | -c configFile=PATH]

Checks the AWS account and region you are signed in to (AWS_PROFILE, AWS_REGION) before a deploy of
the configuration: credentials and region; SES production access (in the sandbox, every recipient
verified), each sender identity verified and signing with DKIM; each account's API-key secret there and
readable, and no other secret in the way of the ones the stack generates; Lambda's concurrency against
maxConcurrentReports; the CDK bootstrap stack. Prints one line per finding, with its fix.

  --config PATH, --config-file PATH, -c configFile=PATH
                  the deployment's configuration file, as given to cdk -c configFile=PATH
                  (default: cdk.json's context.invoiceReports)
  -h, --help      show this help

Exit status: 0 deployable, 1 findings, 2 usage error.
`;

/** `configFile=PATH` as cdk takes it after `-c`. */
const CONTEXT_PATTERN = /^configFile=(.+)$/;

/**
 * Reads the arguments.
 * @throws UsageError for an unknown option, a missing value, a `-c` other than configFile, or two files
 */
export function parsePreflightArgs(argv: readonly string[]): PreflightArgs {
  let values: { config?: string; 'config-file'?: string; context?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        config: { type: 'string' },
        'config-file': { type: 'string' },
        context: { type: 'string', short: 'c', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  const files: string[] = [];
  if (values.config !== undefined) files.push(values.config);
  if (values['config-file'] !== undefined) files.push(values['config-file']);
  for (const context of values.context ?? []) {
    const match = CONTEXT_PATTERN.exec(context);
    if (!match) throw new UsageError(`-c takes configFile=PATH here, not ${JSON.stringify(context)}`);
    files.push(match[1]!);
  }
  if (files.length > 1) throw new UsageError('name one configuration file');
  if (files[0] !== undefined && files[0].trim() === '')
    throw new UsageError('the configuration file needs a path');
  return { help: false, ...(files[0] === undefined ? {} : { configFile: files[0] }) };
}
