import {
  DescribeSecretCommand,
  type DescribeSecretCommandOutput,
  GetSecretValueCommand,
} from '@aws-sdk/client-secrets-manager';
import pLimit from 'p-limit';
import type { DeploymentConfig } from '../../config';
import { awsErrorName, awsErrorText, isAccessDenied, permissionFix } from './aws-error';
import type { Finding } from './finding';
import type { PreflightClients } from './preflight-clients';

/** Secrets Manager requests at once. */
const SECRETS_CONCURRENCY = 8;

/** The tag CloudFormation puts on what a stack creates. */
const STACK_NAME_TAG = 'aws:cloudformation:stack-name';

/** The secrets the stack generates, by the configuration field that names each. */
const GENERATED_SECRET_FIELDS = [
  'reportApiTokenSecretName',
  'accountTokenKeySecretName',
  'linkSigningKeySecretName',
] as const;

async function described(
  clients: Pick<PreflightClients, 'secrets'>,
  name: string,
): Promise<DescribeSecretCommandOutput | 'missing'> {
  try {
    return await clients.secrets.send(new DescribeSecretCommand({ SecretId: name }));
  } catch (error) {
    if (awsErrorName(error) === 'ResourceNotFoundException') return 'missing';
    throw error;
  }
}

/**
 * Each account's API-key secret exists, is not being deleted, and can be read with a text value (read,
 * never shown: only its presence counts).
 */
async function accountSecretFindings(
  clients: Pick<PreflightClients, 'secrets'>,
  name: string,
  region: string,
): Promise<Finding[]> {
  const subject = `secret ${name}`;
  try {
    const secret = await described(clients, name);
    if (secret === 'missing') {
      return [
        {
          subject,
          problem: `missing in ${region}: the accounts whose API key it holds would get no report`,
          fix: `create it with the merchant's API key: aws secretsmanager create-secret --name ${name} --secret-string file://api-key.txt --region ${region}`,
        },
      ];
    }
    if (secret.DeletedDate) {
      return [
        {
          subject,
          problem: 'scheduled for deletion',
          fix: `restore it: aws secretsmanager restore-secret --secret-id ${name} --region ${region}`,
        },
      ];
    }
    const value = await clients.secrets.send(new GetSecretValueCommand({ SecretId: name }));
    if (typeof value.SecretString !== 'string' || value.SecretString.trim() === '') {
      return [
        {
          subject,
          problem: 'has no text value',
          fix: `store the API key as text: aws secretsmanager put-secret-value --secret-id ${name} --secret-string file://api-key.txt --region ${region}`,
        },
      ];
    }
    return [];
  } catch (error) {
    return [
      {
        subject,
        problem: `cannot be read (${awsErrorText(error)})`,
        fix: isAccessDenied(error)
          ? permissionFix(
              'secretsmanager:DescribeSecret and GetSecretValue on it (and kms:Decrypt on its key)',
            )
          : 'run preflight again',
      },
    ];
  }
}

/**
 * A secret the stack generates may not exist yet (the stack creates it), or be the stack's own. One made
 * by hand, or left behind by a deleted stack, would stop the deploy: CloudFormation cannot create a secret
 * whose name is taken.
 */
async function generatedSecretFindings(
  clients: Pick<PreflightClients, 'secrets'>,
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
    return [
      {
        subject,
        problem: `cannot be looked up (${awsErrorText(error)})`,
        fix: isAccessDenied(error)
          ? permissionFix('secretsmanager:DescribeSecret on it')
          : 'run preflight again',
      },
    ];
  }
  if (secret === 'missing') return [];
  const owner = secret.Tags?.find((tag) => tag.Key === STACK_NAME_TAG)?.Value;
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
  clients: Pick<PreflightClients, 'secrets'>,
  config: Pick<DeploymentConfig, 'accounts' | (typeof GENERATED_SECRET_FIELDS)[number]>,
  stack: { name: string; exists: boolean },
  region: string,
): Promise<Finding[]> {
  const limit = pLimit(SECRETS_CONCURRENCY);
  const accountSecrets = [...new Set(config.accounts.map((account) => account.apiKeySecretName))].sort();
  const results = await Promise.all([
    ...accountSecrets.map((name) => limit(() => accountSecretFindings(clients, name, region))),
    ...GENERATED_SECRET_FIELDS.map((field) =>
      limit(() => generatedSecretFindings(clients, field, config[field], stack, region)),
    ),
  ]);
  return results.flat();
}
