import type { FieldIssue } from '../zod-issues';
import { ConfigError } from './config-error';
import type { DeploymentConfig } from './deployment-config';
import { scheduleClock } from './schedule-schema';
import { firstSkippedDate } from './skipped-local-time';

/**
 * What a deployment needs of its configuration beyond the schema: the functions are granted the account
 * secrets by one name prefix (`accountSecretPrefix`), so every account's key must be under it, and the
 * report API token, the link signing key and the account token key must not be (the scheduled function
 * would read them).
 * And every account's schedule must fire every month: EventBridge Scheduler skips a run whose local
 * time does not exist (the clocks go forward over it), so that month's report would never be sent.
 * The local stack and tests need none of these rules, and the functions would pay for the schedule check
 * at every cold start (tens of milliseconds a zone), so they are not part of `parseDeploymentConfig`.
 *
 * @param fromYear the first year whose clock changes are checked (the year of the deployment)
 * @throws ConfigError naming each secret that is out of place and each schedule that a clock change skips
 */
export function checkDeployableConfig(
  config: Pick<
    DeploymentConfig,
    | 'accounts'
    | 'accountSecretPrefix'
    | 'reportApiTokenSecretName'
    | 'linkSigningKeySecretName'
    | 'accountTokenKeySecretName'
  >,
  fromYear = new Date().getUTCFullYear(),
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
    const { dayOfMonth, hour, minute } = account.schedule;
    const skipped = firstSkippedDate({ timezone: account.timezone, dayOfMonth, hour, minute }, fromYear);
    if (skipped !== undefined) {
      issues.push({
        path: `accounts[${index}].schedule.hour`,
        message: `${scheduleClock(account.schedule)} on day ${dayOfMonth} does not exist in ${account.timezone} on ${skipped} (the clocks go forward over it), and EventBridge Scheduler skips a run at a time that does not exist, so that month's report would not be sent: choose another hour or day`,
      });
    }
  });
  for (const field of [
    'reportApiTokenSecretName',
    'linkSigningKeySecretName',
    'accountTokenKeySecretName',
  ] as const) {
    if (config[field].startsWith(prefix)) {
      issues.push({
        path: field,
        message: `must not start with accountSecretPrefix ${JSON.stringify(prefix)}: every function may read the account secrets`,
      });
    }
  }
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}
