import { loadRepositoryConfig } from '../../config';
import { type CommandIo, runCommand } from '../command-line';
import { type PreflightClients, preflightClients } from './aws';
import { runPreflight } from './run-preflight';

export interface PreflightCommandIo extends CommandIo {
  /** @default the operator's clients (`preflightClients`) */
  clients?: (sesRegion: string | undefined) => PreflightClients;
}

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

const PREFIX = 'preflight: ';

const OPTIONS = {
  config: { type: 'string' },
  'config-file': { type: 'string' },
  context: { type: 'string', short: 'c', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * `npm run preflight`: checks the operator's AWS account and region for the configuration as `cdk synth`
 * reads it (`runPreflight`), and prints each finding with its fix, then what was checked.
 * @returns the exit status: 0 deployable, 1 findings, 2 a usage error or a configuration that cannot be read
 */
export function runPreflightCommand(argv: readonly string[], io: PreflightCommandIo): Promise<number> {
  const command = { prefix: PREFIX, usage: PREFLIGHT_USAGE, options: OPTIONS };
  return runCommand(argv, io, command, async (values, wrong) => {
    const files = [values.config, values['config-file']].filter((file) => file !== undefined);
    for (const context of values.context ?? []) {
      // `configFile=PATH`, as cdk takes it after `-c`.
      const match = /^configFile=(.+)$/.exec(context);
      if (!match) throw wrong(`-c takes configFile=PATH here, not ${JSON.stringify(context)}`);
      files.push(match[1]!);
    }
    if (files.length > 1) throw wrong('name one configuration file');
    if (files[0]?.trim() === '') throw wrong('the configuration file needs a path');
    const config = loadRepositoryConfig(io.cwd, files[0]);
    const clients = (io.clients ?? preflightClients)(config.sesRegion);
    try {
      const { identity, findings } = await runPreflight(clients, config);
      for (const { subject, problem, fix } of findings)
        io.stdout.write(`${subject}: ${problem}. Fix: ${fix}\n`);
      if (identity) {
        const where = `AWS account ${identity.account} in ${identity.region} (as ${identity.arn})`;
        io.stdout.write(
          findings.length === 0
            ? `Deployable: ${where}, ${config.accounts.length} accounts checked.\n`
            : `${findings.length} finding${findings.length === 1 ? '' : 's'} for ${where}: fix them, then run preflight again.\n`,
        );
      }
      return findings.length === 0 ? 0 : 1;
    } finally {
      // Closes the clients' connections, so that the command's process can end.
      for (const client of Object.values(clients)) client.destroy();
    }
  });
}
