import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import pLimit from 'p-limit';
import { type DeploymentConfig, STACK_NAME } from '../../config';
import {
  ask,
  awsErrorText,
  type Finding,
  found,
  type PreflightClients,
  permitted,
  settled,
  unlessMissing,
} from './aws';
import { checkSes } from './check-ses';

const CREDENTIALS_FIX =
  'sign in with AWS credentials for the target account: set AWS_PROFILE to a configured profile (aws configure, or aws sso login --profile NAME), or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
const REGION_FIX =
  'set AWS_REGION to the region to deploy to (AWS_REGION=eu-west-1 npm run preflight), or give the profile a region (aws configure set region eu-west-1)';

/**
 * The operator's credentials, region and who they are. The credentials are looked for first, so that a
 * machine with neither is told of them (the SDK's "Region is missing" would come first otherwise).
 */
async function callerIdentity({ sts }: Pick<PreflightClients, 'sts'>) {
  await ask('AWS credentials', 'none found', CREDENTIALS_FIX, () => sts.config.credentials());
  const region = await ask('AWS region', 'none set', REGION_FIX, () => sts.config.region());
  const refused = `${CREDENTIALS_FIX}; expired SSO credentials need aws sso login again`;
  const answer = await ask('AWS credentials', 'refused by STS', refused, () =>
    sts.send(new GetCallerIdentityCommand({})),
  );
  return { account: answer.Account ?? '', arn: answer.Arn ?? '', region };
}

/** Who and where preflight checks: the AWS account, the caller's ARN and the region. */
type CallerIdentity = Awaited<ReturnType<typeof callerIdentity>>;

/** What Lambda keeps unreserved in every AWS account and region: a reservation may not go below it. */
const LAMBDA_MINIMUM_UNRESERVED = 100;

/**
 * Lambda's concurrency: a schedule slot runs `maxConcurrentReports` reports beside its dispatcher and the
 * report API, and a `reportApiConcurrency` reservation must leave 100 unreserved. A new AWS account's
 * quota of 10 fits neither the default `maxConcurrentReports` of 10 nor any reservation.
 */
async function checkLambdaConcurrency(
  { lambda }: Pick<PreflightClients, 'lambda'>,
  config: Pick<DeploymentConfig, 'maxConcurrentReports' | 'reportApiConcurrency'>,
  region: string,
): Promise<Finding[]> {
  const subject = `Lambda concurrency in ${region}`;
  const { AccountLimit: limits } = await ask(
    subject,
    'cannot be read',
    permitted('lambda:GetAccountSettings'),
    () => lambda.send(new GetAccountSettingsCommand({})),
  );
  const unreserved = limits?.UnreservedConcurrentExecutions ?? limits?.ConcurrentExecutions ?? 0;
  const quotaIncrease = (value: number) =>
    `request more (aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value ${value} --region ${region})`;
  const { maxConcurrentReports: reports, reportApiConcurrency: reserved } = config;
  // A slot's reports, its dispatcher, and the report API (unless it has its own reservation).
  const needed = reports + 1 + (reserved === undefined ? 1 : 0);
  const shared = unreserved - (reserved ?? 0);
  return found(
    subject,
    reserved !== undefined &&
      unreserved - reserved < LAMBDA_MINIMUM_UNRESERVED && [
        `reportApiConcurrency ${reserved} would leave ${unreserved - reserved} of ${unreserved} unreserved, and Lambda keeps at least ${LAMBDA_MINIMUM_UNRESERVED}: the deploy would fail`,
        `${quotaIncrease(Math.max(1000, reserved + LAMBDA_MINIMUM_UNRESERVED + reports + 2))}, or remove reportApiConcurrency from the configuration`,
      ],
    shared < needed && [
      `${shared} functions may run at once, and a schedule slot needs ${needed} (maxConcurrentReports ${reports}, the dispatcher${reserved === undefined ? ' and the report API' : ''}): runs would be throttled and retried, and some dead-lettered`,
      `${quotaIncrease(1000)}, or set "maxConcurrentReports" to ${Math.max(1, shared - (needed - reports))} or less`,
    ],
  );
}

/** The stack `cdk bootstrap` creates, which holds the assets a deploy uploads. */
const BOOTSTRAP_STACK_NAME = 'CDKToolkit';

/** The bootstrap version the synthesized template checks for (its `BootstrapVersion` rule). */
const MINIMUM_BOOTSTRAP_VERSION = 6;

/** A stack by name, or `missing` (CloudFormation answers a `ValidationError` for a name it does not know). */
function describeStack({ cloudFormation }: Pick<PreflightClients, 'cloudFormation'>, name: string) {
  const answer = cloudFormation.send(new DescribeStacksCommand({ StackName: name }));
  return unlessMissing(
    answer.then((found) => found.Stacks?.[0] ?? 'missing'),
    /does not exist/,
  );
}

/** The CDK bootstrap stack exists in the account and region, settled and recent enough. */
async function checkBootstrap(
  clients: Pick<PreflightClients, 'cloudFormation'>,
  { account, region }: CallerIdentity,
): Promise<Finding[]> {
  const subject = `CDK bootstrap in ${region}`;
  const bootstrap = `npx cdk bootstrap aws://${account}/${region}`;
  const stack = await ask(subject, 'cannot be checked', permitted('cloudformation:DescribeStacks'), () =>
    describeStack(clients, BOOTSTRAP_STACK_NAME),
  );
  if (stack === 'missing') {
    return found(subject, [
      `no ${BOOTSTRAP_STACK_NAME} stack: cdk deploy has nowhere to upload the code`,
      `run ${bootstrap}`,
    ]);
  }
  // Usable: created or updated, and not being deleted.
  const status = stack.StackStatus ?? '';
  if (!/_COMPLETE$/.test(status) || /^(DELETE|ROLLBACK)_/.test(status)) {
    return found(subject, [
      `the ${BOOTSTRAP_STACK_NAME} stack is ${stack.StackStatus}`,
      `wait for it to settle, or see its events in the CloudFormation console, then run ${bootstrap}`,
    ]);
  }
  const outputs = stack.Outputs ?? [];
  const version = Number(outputs.find((output) => output.OutputKey === 'BootstrapVersion')?.OutputValue);
  return found(
    subject,
    !(version >= MINIMUM_BOOTSTRAP_VERSION) && [
      `bootstrap version ${Number.isNaN(version) ? 'unknown' : version}, older than the ${MINIMUM_BOOTSTRAP_VERSION} the stack needs`,
      `run ${bootstrap} again`,
    ],
  );
}

/** The secrets the stack generates, by the configuration field that names each. */
const GENERATED_SECRET_FIELDS = [
  'reportApiTokenSecretName',
  'accountTokenKeySecretName',
  'linkSigningKeySecretName',
] as const;

type Secrets = Pick<PreflightClients, 'secrets'>;

const describedSecret = ({ secrets }: Secrets, name: string) =>
  unlessMissing(secrets.send(new DescribeSecretCommand({ SecretId: name })), /^ResourceNotFoundException:/);

/** An account's API-key secret exists, is not being deleted, and has a text value (read, never shown). */
async function checkAccountSecret(clients: Secrets, name: string, region: string): Promise<Finding[]> {
  const subject = `secret ${name}`;
  const fix = permitted(
    'secretsmanager:DescribeSecret and GetSecretValue on it (and kms:Decrypt on its key)',
  );
  const secret = await ask(subject, 'cannot be read', fix, () => describedSecret(clients, name));
  if (secret === 'missing') {
    return found(subject, [
      `missing in ${region}: the accounts whose API key it holds would get no report`,
      `create it with the merchant's API key: aws secretsmanager create-secret --name ${name} --secret-string file://api-key.txt --region ${region}`,
    ]);
  }
  if (secret.DeletedDate) {
    return found(subject, [
      'scheduled for deletion',
      `restore it: aws secretsmanager restore-secret --secret-id ${name} --region ${region}`,
    ]);
  }
  const { SecretString: value } = await ask(subject, 'cannot be read', fix, () =>
    clients.secrets.send(new GetSecretValueCommand({ SecretId: name })),
  );
  return found(
    subject,
    (typeof value !== 'string' || value.trim() === '') && [
      'has no text value',
      `store the API key as text: aws secretsmanager put-secret-value --secret-id ${name} --secret-string file://api-key.txt --region ${region}`,
    ],
  );
}

/**
 * A secret the stack generates may not exist yet, or be the stack's own. One made by hand, or left behind
 * by a deleted stack, would stop the deploy: CloudFormation cannot create a secret whose name is taken.
 */
async function checkGeneratedSecret(
  clients: Secrets,
  field: (typeof GENERATED_SECRET_FIELDS)[number],
  name: string,
  stack: { name: string; exists: boolean },
  region: string,
): Promise<Finding[]> {
  const subject = `secret ${name}`;
  const permission = permitted('secretsmanager:DescribeSecret on it');
  const secret = await ask(subject, 'cannot be looked up', permission, () => describedSecret(clients, name));
  if (secret === 'missing') return [];
  // The tag CloudFormation puts on what a stack creates.
  const owner = secret.Tags?.find((tag) => tag.Key === 'aws:cloudformation:stack-name')?.Value;
  if (owner === stack.name && stack.exists) return [];
  const why =
    owner === stack.name
      ? `left behind by a deleted ${stack.name} stack (the stack retains it)`
      : 'made outside the stack, which now generates it';
  return found(subject, [
    `exists, ${why}: the deploy would fail to create it`,
    `to keep its value (tokens and links made with it), set "${field}" to a new name, deploy, then copy the value into the new secret; otherwise delete it: aws secretsmanager delete-secret --secret-id ${name} --force-delete-without-recovery --region ${region}`,
  ]);
}

const SECRETS_CONCURRENCY = 8;

/**
 * Every check of the target account and region: the credentials first (nothing else can be asked
 * without them), then the others side by side. A check that cannot ask AWS becomes a finding of its own.
 * Who and where it checked is unknown when the credentials stopped it.
 */
export async function runPreflight(clients: PreflightClients, config: DeploymentConfig) {
  const identity = await settled(callerIdentity(clients));
  if (Array.isArray(identity)) return { identity: undefined, findings: identity };
  const { region } = identity;
  // Unknown: a secret tagged with the stack's name is then taken to be the stack's.
  const stack = describeStack(clients, STACK_NAME).then(
    (found) => ({ name: STACK_NAME, exists: found !== 'missing' }),
    () => ({ name: STACK_NAME, exists: true }),
  );
  const limit = pLimit(SECRETS_CONCURRENCY);
  const accountSecrets = [...new Set(config.accounts.map((account) => account.apiKeySecretName))].sort();
  const groups = await Promise.all(
    [
      checkSes(clients, config, config.sesRegion ?? region),
      ...accountSecrets.map((name) => limit(() => checkAccountSecret(clients, name, region))),
      ...GENERATED_SECRET_FIELDS.map(async (field) => {
        const owner = await stack;
        return limit(() => checkGeneratedSecret(clients, field, config[field], owner, region));
      }),
      checkLambdaConcurrency(clients, config, region),
      checkBootstrap(clients, identity),
    ].map(settled),
  ).catch((error: unknown): Finding[][] => [
    [{ subject: 'preflight', problem: `stopped (${awsErrorText(error)})`, fix: 'run preflight again' }],
  ]);
  return { identity, findings: groups.flat() };
}
