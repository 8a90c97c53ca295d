import { DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { cannotAsk, type Finding, type PreflightClients, unlessMissing } from './aws';

/** The stack `cdk bootstrap` creates, which holds the assets a deploy uploads. */
export const BOOTSTRAP_STACK_NAME = 'CDKToolkit';

/** The bootstrap version the synthesized template checks for (its `BootstrapVersion` rule). */
export const MINIMUM_BOOTSTRAP_VERSION = 6;

/** A stack by name, or `missing` (CloudFormation answers a `ValidationError` for a name it does not know). */
export function describeStack(
  clients: Pick<PreflightClients, 'cloudFormation'>,
  name: string,
): Promise<Stack | 'missing'> {
  const answer = clients.cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
  return unlessMissing(
    answer.then((found) => found.Stacks?.[0] ?? 'missing'),
    (error) => error instanceof Error && /does not exist/.test(error.message),
  );
}

/** A stack that is there and usable: created or updated, and not being deleted. */
function isSettled(stack: Stack): boolean {
  return /_COMPLETE$/.test(stack.StackStatus ?? '') && !/^(DELETE|ROLLBACK)_/.test(stack.StackStatus ?? '');
}

/** The CDK bootstrap stack exists in the account and region, settled and recent enough. */
export async function checkBootstrap(
  clients: Pick<PreflightClients, 'cloudFormation'>,
  target: { account: string; region: string },
): Promise<Finding[]> {
  const subject = `CDK bootstrap in ${target.region}`;
  const bootstrap = `npx cdk bootstrap aws://${target.account}/${target.region}`;
  let stack: Stack | 'missing';
  try {
    stack = await describeStack(clients, BOOTSTRAP_STACK_NAME);
  } catch (error) {
    return [cannotAsk(subject, 'cannot be checked', error, 'cloudformation:DescribeStacks')];
  }
  const finding = (problem: string, fix: string) => [{ subject, problem, fix }];
  if (stack === 'missing') {
    return finding(
      `no ${BOOTSTRAP_STACK_NAME} stack: cdk deploy has nowhere to upload the code`,
      `run ${bootstrap}`,
    );
  }
  if (!isSettled(stack)) {
    return finding(
      `the ${BOOTSTRAP_STACK_NAME} stack is ${stack.StackStatus}`,
      `wait for it to settle, or see its events in the CloudFormation console, then run ${bootstrap}`,
    );
  }
  const outputs = stack.Outputs ?? [];
  const version = Number(outputs.find((output) => output.OutputKey === 'BootstrapVersion')?.OutputValue);
  if (!(version >= MINIMUM_BOOTSTRAP_VERSION)) {
    return finding(
      `bootstrap version ${Number.isNaN(version) ? 'unknown' : version}, older than the ${MINIMUM_BOOTSTRAP_VERSION} the stack needs`,
      `run ${bootstrap} again`,
    );
  }
  return [];
}
