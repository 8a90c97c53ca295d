import {
  DescribeSecretCommand,
  type DescribeSecretCommandOutput,
  GetSecretValueCommand,
} from '@aws-sdk/client-secrets-manager';
import pLimit from 'p-limit';
import type { DeploymentConfig } from '../../config';
import { awsErrorName, cannotAsk, type Finding, type PreflightClients, unlessMissing } from './aws';

/** Secrets Manager requests at once. */
const SECRETS_CONCURRENCY = 8;

/** The secrets the stack generates, by the configuration field that names each. */
const GENERATED_SECRET_FIELDS = [
  'reportApiTokenSecretName',
  'accountTokenKeySecretName',
  'linkSigningKeySecretName',
] as const;

type Secrets = Pick<PreflightClients, 'secrets'>;

function described(clients: Secrets, name: string): Promise<DescribeSecretCommandOutput | 'missing'> {
  return unlessMissing(
    clients.secrets.send(new DescribeSecretCommand({ SecretId: name })),
    (error) => awsErrorName(error) === 'ResourceNotFoundException',
  );
}

/** An account's API-key secret exists, is not being deleted, and has a text value (read, never shown). */
async function accountSecretFinding(clients: Secrets, name: string, region: string): Promise<Finding[]> {
  const subject = `secret ${name}`;
  const finding = (problem: string, fix: string) => [{ subject, problem, fix }];
  try {
    const secret = await described(clients, name);
    if (secret === 'missing') {
      return finding(
        `missing in ${region}: the accounts whose API key it holds would get no report`,
        `create it with the merchant's API key: aws secretsmanager create-secret --name ${name} --secret-string file://api-key.txt --region ${region}`,
      );
    }
    if (secret.DeletedDate) {
      return finding(
        'scheduled for deletion',
        `restore it: aws secretsmanager restore-secret --secret-id ${name} --region ${region}`,
      );
    }
    const value = await clients.secrets.send(new GetSecretValueCommand({ SecretId: name }));
    if (typeof value.SecretString !== 'string' || value.SecretString.trim() === '') {
      return finding(
        'has no text value',
        `store the API key as text: aws secretsmanager put-secret-value --secret-id ${name} --secret-string file://api-key.txt --region ${region}`,
      );
    }
    return [];
  } catch (error) {
    const permission = 'secretsmanager:DescribeSecret and GetSecretValue on it (and kms:Decrypt on its key)';
    return [cannotAsk(subject, 'cannot be read', error, permission)];
  }
}

/**
 * A secret the stack generates may not exist yet, or be the stack's own. One made by hand, or left behind
 * by a deleted stack, would stop the deploy: CloudFormation cannot create a secret whose name is taken.
 */
async function generatedSecretFindings(
  clients: Secrets,
  field: (typeof GENERATED_SECRET_FIELDS)[number],
  name: string,
  stack: { name: string; exists: boolean },
  region: string,
): Promise<Finding[]> {
  const subject = `secret ${name}`;
  let secret: DescribeSecretCommandOutput | 'missing';
  try {
    secret = await described(clients, name);
  } catch (error) {
    return [cannotAsk(subject, 'cannot be looked up', error, 'secretsmanager:DescribeSecret on it')];
  }
  if (secret === 'missing') return [];
  // The tag CloudFormation puts on what a stack creates.
  const owner = secret.Tags?.find((tag) => tag.Key === 'aws:cloudformation:stack-name')?.Value;
  if (owner === stack.name && stack.exists) return [];
  const why =
    owner === stack.name
      ? `left behind by a deleted ${stack.name} stack (the stack retains it)`
      : 'made outside the stack, which now generates it';
  return [
    {
      subject,
      problem: `exists, ${why}: the deploy would fail to create it`,
      fix: `to keep its value (tokens and links made with it), set "${field}" to a new name, deploy, then copy the value into the new secret; otherwise delete it: aws secretsmanager delete-secret --secret-id ${name} --force-delete-without-recovery --region ${region}`,
    },
  ];
}

/** The merchants' API-key secrets and the names of the secrets the stack generates. */
export async function checkSecrets(
  clients: Secrets,
  config: Pick<DeploymentConfig, 'accounts' | (typeof GENERATED_SECRET_FIELDS)[number]>,
  stack: { name: string; exists: boolean },
  region: string,
): Promise<Finding[]> {
  const limit = pLimit(SECRETS_CONCURRENCY);
  const accountSecrets = [...new Set(config.accounts.map((account) => account.apiKeySecretName))].sort();
  const results = await Promise.all([
    ...accountSecrets.map((name) => limit(() => accountSecretFinding(clients, name, region))),
    ...GENERATED_SECRET_FIELDS.map((field) =>
      limit(() => generatedSecretFindings(clients, field, config[field], stack, region)),
    ),
  ]);
  return results.flat();
}
