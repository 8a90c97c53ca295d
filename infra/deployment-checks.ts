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
 * Each account's time zone written in another case than aws-cdk-lib's list of names spells it. The
 * schema refuses such a name when the runtime's canonical name is the same word (`europe/berlin`), but
 * not an all-capitals other name of a zone the runtime spells differently (`ASIA/KOLKATA`, which Node's
 * ICU calls `Asia/Calcutta`); the name goes to EventBridge Scheduler and into every report as written.
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

/**
 * What a deployment needs of its configuration beyond the schema, on the fields that pass it: the
 * secrets and schedules of `deployableConfigIssues`, and each time zone spelt as the time zone database
 * spells it. Synth names them with the schema's problems (`loadDeploymentConfig`'s checks).
 */
export function deploymentIssues(config: DeploymentConfigParts): FieldIssue[] {
  return [...timeZoneSpellingIssues(config), ...deployableConfigIssues(config)];
}

/**
 * `deploymentIssues` of a configuration already parsed, such as the one a stack is given.
 * @throws ConfigError naming each
 */
export function checkDeployment(config: DeploymentConfigParts): void {
  const issues = deploymentIssues(config);
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}
