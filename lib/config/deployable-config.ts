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
 * What a deployment needs beyond the schema: every account key under `accountSecretPrefix` (the functions'
 * one grant) and the shared secrets outside it, and every schedule firing every month (Scheduler skips a
 * local time the clocks jump over). Synth passes these as `checks`; the functions skip them, since the
 * schedule check costs tens of milliseconds a zone.
 * @param fromYear the first year whose clock changes are checked
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
