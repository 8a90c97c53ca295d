import { firstSkippedDate } from '../period';
import type { DeploymentConfigParts } from './deployment-config';
import { scheduleClock } from './schedule-schema';
import type { FieldIssue } from './zod-issues';

const SHARED_SECRET_FIELDS = [
  'reportApiTokenSecretName',
  'linkSigningKeySecretName',
  'accountTokenKeySecretName',
] as const;

/**
 * What a deployment needs of its configuration beyond the schema: the functions are granted the account
 * secrets by one name prefix (`accountSecretPrefix`), so every account's key must be under it, and the
 * report API token, the link signing key and the account token key must not be (the scheduled function
 * would read them).
 * And every account's schedule must fire every month: EventBridge Scheduler skips a run whose local
 * time does not exist (the clocks go forward over it), so that month's report would never be sent.
 * The local stack and tests need none of these rules, and the functions would pay for the schedule check
 * at every cold start (tens of milliseconds a zone), so they are not part of `parseDeploymentConfig`'s
 * own: synth passes them to it (its `checks`), so that they are named with the schema's problems.
 *
 * Each check runs on the fields it needs when they pass their own checks, and is skipped where one
 * does not (an account whose time zone is unknown has no schedule to check; the others still do).
 *
 * @param fromYear the first year whose clock changes are checked (the year of the deployment)
 * @returns each secret that is out of place and each schedule that a clock change skips
 */
export function deployableConfigIssues(
  config: Pick<
    DeploymentConfigParts,
    'accounts' | 'accountSecretPrefix' | (typeof SHARED_SECRET_FIELDS)[number]
  >,
  fromYear = new Date().getUTCFullYear(),
): FieldIssue[] {
  const prefix = config.accountSecretPrefix;
  const issues: FieldIssue[] = [];
  config.accounts?.forEach((account, index) => {
    const { name, apiKeySecretName, timezone, schedule } = account;
    if (
      prefix !== undefined &&
      name !== undefined &&
      apiKeySecretName !== undefined &&
      !apiKeySecretName.startsWith(prefix)
    ) {
      issues.push({
        path: `accounts[${index}].apiKeySecretName`,
        message: `must start with accountSecretPrefix ${JSON.stringify(prefix)}: the functions may read account keys under it only (for example "${prefix}${name}/api-key")`,
      });
    }
    if (timezone === undefined || schedule === undefined) return;
    const { dayOfMonth, hour, minute } = schedule;
    const skipped = firstSkippedDate({ timezone, dayOfMonth, hour, minute }, fromYear);
    if (skipped !== undefined) {
      issues.push({
        path: `accounts[${index}].schedule.hour`,
        message: `${scheduleClock(schedule)} on day ${dayOfMonth} does not exist in ${timezone} on ${skipped} (the clocks go forward over it), and EventBridge Scheduler skips a run at a time that does not exist, so that month's report would not be sent: choose another hour or day`,
      });
    }
  });
  for (const field of SHARED_SECRET_FIELDS) {
    const secretName = config[field];
    if (prefix !== undefined && secretName?.startsWith(prefix)) {
      issues.push({
        path: field,
        message: `must not start with accountSecretPrefix ${JSON.stringify(prefix)}: every function may read the account secrets`,
      });
    }
  }
  return issues;
}
