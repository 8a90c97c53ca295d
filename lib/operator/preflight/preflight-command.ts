import {
  ConfigError,
  cdkJsonConfig,
  type DeploymentConfig,
  loadDeploymentConfig,
  UsageError,
} from '../../config';
import { findingLine } from './finding';
import { PREFLIGHT_USAGE, parsePreflightArgs } from './preflight-args';
import { destroyPreflightClients, type PreflightClients, preflightClients } from './preflight-clients';
import { runPreflight } from './run-preflight';

/** Where `runPreflightCommand` writes and reads. */
export interface PreflightCommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Where `cdk.json` and a relative configuration file are read from: the repository. */
  cwd: string;
  /** @default the operator's clients (`preflightClients`) */
  clients?: (sesRegion: string | undefined) => PreflightClients;
}

const PREFIX = 'preflight: ';

/**
 * `npm run preflight -- [--config PATH]`: reads the configuration as `cdk synth` does, checks the
 * operator's AWS account and region (`runPreflight`), and prints one line per finding with its fix on
 * stdout, then a line saying what was checked. Without credentials it prints the one line that says so.
 * @returns the exit status: 0 deployable, 1 findings, 2 a usage error or a configuration that cannot be read
 */
export async function runPreflightCommand(argv: readonly string[], io: PreflightCommandIo): Promise<number> {
  let config: DeploymentConfig;
  try {
    const args = parsePreflightArgs(argv);
    if (args.help) {
      io.stdout.write(PREFLIGHT_USAGE);
      return 0;
    }
    config = loadDeploymentConfig({
      context: cdkJsonConfig(io.cwd),
      configFile: args.configFile,
      baseDir: io.cwd,
    });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${PREFIX}${error.message}\n\n${PREFLIGHT_USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`${PREFIX}${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const clients = (io.clients ?? preflightClients)(config.sesRegion);
  try {
    const { identity, findings } = await runPreflight(clients, config);
    for (const finding of findings) io.stdout.write(`${findingLine(finding)}\n`);
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
    destroyPreflightClients(clients);
  }
}
