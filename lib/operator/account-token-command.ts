import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  CONFIG_CONTEXT_KEY,
  ConfigError,
  errorParts,
  findAccount,
  loadRepositoryConfig,
  UsageError,
} from '../config';
import { AwsSecretSource, SecretError, type SecretSource } from '../delivery';
import { accountToken } from '../report-api';
import { type CommandIo, runCommand } from './command-line';

export interface AccountTokenCommandIo extends CommandIo {
  /** @default Secrets Manager, with the AWS credentials and region of the environment */
  secrets?: SecretSource;
}

const PREFIX = 'account-token: ';

/** Where the configuration is read from without `--config-file`. */
const DEFAULT_CONFIG_SOURCE = `cdk.json's context.${CONFIG_CONTEXT_KEY}`;

export const ACCOUNT_TOKEN_USAGE = `usage: npm run account-token -- --account NAME [--config-file PATH]

Prints the report API token of one account of the deployment, which reads that account's reports
only. It is derived from the key in Secrets Manager (accountTokenKeySecretName), read with your AWS
credentials and region (AWS_PROFILE, AWS_REGION): run it as the deployment's operator.

  --account NAME       the account, as its configuration names it
  --config-file PATH   the deployment's configuration file, as given to cdk -c configFile=PATH
                       (default: ${DEFAULT_CONFIG_SOURCE})
  -h, --help           show this help
`;

/** How many of the configuration's account names a refusal lists (a deployment may have a thousand). */
const ACCOUNT_NAMES_SHOWN = 10;

/**
 * Secrets Manager in the operator's region (AWS_REGION, or the profile's). Asked before any request: the
 * SDK's own words for a missing one, "Region is missing", do not say what to set.
 */
async function operatorSecretSource(): Promise<SecretSource> {
  const client = new SecretsManagerClient({});
  try {
    await client.config.region();
  } catch (error) {
    client.destroy();
    throw new UsageError(
      `no AWS region to read the key from (${errorParts(error).message.replace(/\.$/, '')}): set AWS_REGION to the region ` +
        'the stack is deployed in, as in AWS_REGION=eu-west-1 npm run account-token -- --account NAME, ' +
        'or give your AWS profile a region (aws configure set region eu-west-1)',
    );
  }
  return new AwsSecretSource({ client });
}

const OPTIONS = {
  account: { type: 'string' },
  'config-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * `npm run account-token -- --account acme`: the account's token on stdout only (for
 * `TOKEN=$(npm run -s account-token -- --account acme)`), a line about it on stderr. The configuration
 * is read as `cdk synth` reads it, so the token generation is the deployed one.
 * @returns 0 printed; 2 a usage error (configuration, account or region too); 1 the key cannot be read
 */
export function runAccountTokenCommand(argv: string[], io: AccountTokenCommandIo): Promise<number> {
  const command = { prefix: PREFIX, usage: ACCOUNT_TOKEN_USAGE, options: OPTIONS };
  return runCommand(argv, io, command, async (values, wrong) => {
    if (!values.account) throw wrong('name the account with --account NAME');

    const config = loadRepositoryConfig(io.cwd, values['config-file']);
    const account = findAccount(config, values.account);
    if (!account) {
      // Where it looked and what it found, so that a forgotten --config-file or a misspelt name shows.
      const where = values['config-file'] ?? DEFAULT_CONFIG_SOURCE;
      const names = config.accounts.map((each) => each.name);
      const more =
        names.length > ACCOUNT_NAMES_SHOWN ? ` and ${names.length - ACCOUNT_NAMES_SHOWN} more` : '';
      const shown = `${names.slice(0, ACCOUNT_NAMES_SHOWN).join(', ')}${more}`;
      throw new UsageError(
        `there is no account ${JSON.stringify(values.account)} in ${where} (its accounts: ${shown})`,
      );
    }

    const secrets = io.secrets ?? (await operatorSecretSource());
    const secretName = config.accountTokenKeySecretName;
    try {
      const value = await secrets.getSecret(secretName);
      io.stdout.write(`${accountToken({ value, secretName }, account.name, account.tokenGeneration)}\n`);
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof SecretError)) throw error;
      const issues =
        error instanceof ConfigError && error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      const reason = issues ? `the account token key cannot be used: ${issues.join('; ')}` : error.message;
      io.stderr.write(`${PREFIX}${reason}\n`);
      return 1;
    }
    io.stderr.write(
      `${PREFIX}the report API token of ${account.name} (token generation ${account.tokenGeneration}); it reads ${account.name}'s reports only. Hand it over as you would a password.\n`,
    );
    return 0;
  });
}
