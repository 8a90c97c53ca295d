import type { FieldIssue } from '../zod-issues';
import { ConfigError } from './config-error';
import type { DeploymentConfig } from './deployment-config';

/**
 * What a deployment needs of its configuration beyond the schema: the functions are granted the account
 * secrets by one name prefix (`accountSecretPrefix`), so every account's key must be under it, and the
 * report API token and the link signing key must not be (the scheduled function would read the token).
 * The local stack and tests need neither rule, so they are not part of `parseDeploymentConfig`.
 *
 * @throws ConfigError naming each secret that is out of place
 */
export function checkDeployableConfig(
  config: Pick<
    DeploymentConfig,
    'accounts' | 'accountSecretPrefix' | 'reportApiTokenSecretName' | 'linkSigningKeySecretName'
  >,
): void {
  const prefix = config.accountSecretPrefix;
  const issues: FieldIssue[] = [];
  config.accounts.forEach((account, index) => {
    if (!account.apiKeySecretName.startsWith(prefix)) {
      issues.push({
        path: `accounts[${index}].apiKeySecretName`,
        message: `must start with accountSecretPrefix ${JSON.stringify(prefix)}: the functions may read account keys under it only (for example "${prefix}${account.name}/api-key")`,
      });
    }
  });
  for (const field of ['reportApiTokenSecretName', 'linkSigningKeySecretName'] as const) {
    if (config[field].startsWith(prefix)) {
      issues.push({
        path: field,
        message: `must not start with accountSecretPrefix ${JSON.stringify(prefix)}: every function may read the account secrets`,
      });
    }
  }
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}
