import { TimeZone } from 'aws-cdk-lib';
import type { FieldIssue } from '../lib/config';
import { ConfigError, type DeploymentConfigParts, deployableConfigIssues } from '../lib/config';

/** aws-cdk-lib's time zone names (`TimeZone.ASIA_KOLKATA` is `Asia/Kolkata`), by their lower-case text. */
let cdkTimeZoneNames: ReadonlyMap<string, string> | undefined;

function cdkTimeZoneName(name: string): string | undefined {
  cdkTimeZoneNames ??= new Map(
    Object.values(TimeZone)
      .filter((value): value is TimeZone => value instanceof TimeZone)
      .map((zone) => [zone.timezoneName.toLowerCase(), zone.timezoneName]),
  );
  return cdkTimeZoneNames.get(name.toLowerCase());
}

/**
 * Each account's time zone spelt in another case than aws-cdk-lib's list: the schema misses names such as
 * `ASIA/KOLKATA` (ICU's `Asia/Calcutta`), and the name goes to Scheduler and into reports as written.
 */
export function timeZoneSpellingIssues(config: Pick<DeploymentConfigParts, 'accounts'>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  config.accounts?.forEach((account, index) => {
    if (account.timezone === undefined) return;
    const spelling = cdkTimeZoneName(account.timezone);
    if (spelling !== undefined && spelling !== account.timezone) {
      issues.push({
        path: `accounts[${index}].timezone`,
        message: `write the time zone as ${JSON.stringify(spelling)}`,
      });
    }
  });
  return issues;
}

/** What a deployment needs beyond the schema, on the fields that pass it (`loadDeploymentConfig`'s checks). */
export function deploymentIssues(config: DeploymentConfigParts): FieldIssue[] {
  return [...timeZoneSpellingIssues(config), ...deployableConfigIssues(config)];
}

/** @throws ConfigError naming each of `deploymentIssues` of a parsed configuration */
export function checkDeployment(config: DeploymentConfigParts): void {
  const issues = deploymentIssues(config);
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}
