import { type DeploymentConfig, STACK_NAME } from '../../config';
import { awsErrorText, type Finding, type PreflightClients } from './aws';
import { checkBootstrap, describeStack } from './check-bootstrap';
import { type CallerIdentity, checkCallerIdentity } from './check-identity';
import { checkLambdaConcurrency } from './check-lambda-concurrency';
import { checkSecrets } from './check-secrets';
import { checkSes } from './check-ses';

/** What preflight found: who and where it checked (unless the credentials stopped it), and each finding. */
export interface PreflightResult {
  identity?: CallerIdentity;
  findings: Finding[];
}

/**
 * Every check of the target account and region, for this configuration: the credentials first (nothing
 * else can be asked without them), then SES, the secrets, Lambda's concurrency and the CDK bootstrap
 * stack, side by side. A check that cannot ask AWS becomes a finding of its own.
 */
export async function runPreflight(
  clients: PreflightClients,
  config: DeploymentConfig,
  options: { stackName?: string } = {},
): Promise<PreflightResult> {
  const caller = await checkCallerIdentity(clients);
  if ('finding' in caller) return { findings: [caller.finding] };
  const { identity } = caller;
  const { region } = identity;
  const stackName = options.stackName ?? STACK_NAME;
  const stackExists = describeStack(clients, stackName).then(
    (stack) => stack !== 'missing',
    // Unknown: a secret tagged with the stack's name is then taken to be the stack's.
    () => true,
  );
  const groups = await Promise.all([
    checkSes(clients, config, config.sesRegion ?? region),
    stackExists.then((exists) => checkSecrets(clients, config, { name: stackName, exists }, region)),
    checkLambdaConcurrency(clients, config, region),
    checkBootstrap(clients, identity),
  ]).catch((error: unknown): Finding[][] => [
    [{ subject: 'preflight', problem: `stopped (${awsErrorText(error)})`, fix: 'run preflight again' }],
  ]);
  return { identity, findings: groups.flat() };
}
