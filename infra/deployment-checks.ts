import { ConfigError, type DeploymentConfigParts, deployableConfigIssues } from '../lib/config';
import type { FieldIssue } from '../lib/zod-issues';

/**
 * What a deployment needs of its configuration beyond the schema, on the fields that pass it: the
 * secrets and schedules of `deployableConfigIssues`. Synth names them with the schema's problems
 * (`loadDeploymentConfig`'s checks).
 */
export function deploymentIssues(config: DeploymentConfigParts): FieldIssue[] {
  return deployableConfigIssues(config);
}

/**
 * `deploymentIssues` of a configuration already parsed, such as the one a stack is given.
 * @throws ConfigError naming each
 */
export function checkDeployment(config: DeploymentConfigParts): void {
  const issues = deploymentIssues(config);
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}
