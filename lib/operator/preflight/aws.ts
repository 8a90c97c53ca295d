import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';
import { errorParts } from '../../config';

/** The AWS clients preflight asks, each with the operator's credentials; SES in `sesRegion` if set. */
export interface PreflightClients {
  sts: STSClient;
  ses: SESv2Client;
  secrets: SecretsManagerClient;
  lambda: LambdaClient;
  cloudFormation: CloudFormationClient;
}

export function preflightClients(sesRegion?: string): PreflightClients {
  return {
    sts: new STSClient({}),
    ses: new SESv2Client(sesRegion ? { region: sesRegion } : {}),
    secrets: new SecretsManagerClient({}),
    lambda: new LambdaClient({}),
    cloudFormation: new CloudFormationClient({}),
  };
}

/** One thing in the way of a deploy, or of the reports working after it, and its fix. */
export interface Finding {
  /** What was checked: `credentials`, `SES`, `secret invoice-reports/accounts/acme/api-key`. */
  subject: string;
  problem: string;
  /** What to do, with the command where there is one. */
  fix: string;
}

/** The AWS error's name (`ResourceNotFoundException`, `AccessDeniedException`), or `Error`. */
export function awsErrorName(error: unknown): string {
  return errorParts(error).name;
}

/** `AccessDeniedException: User ... is not authorized` (SDK messages name requests, never values). */
export function awsErrorText(error: unknown): string {
  const { name, message } = errorParts(error);
  return `${name}: ${message.replace(/\.$/, '')}`;
}

/** AWS's answer, or `missing` for the error by which it says there is no such thing. */
export function unlessMissing<T>(answer: Promise<T>, isMissing: (error: unknown) => boolean) {
  return answer.catch((error: unknown): 'missing' => {
    if (isMissing(error)) return 'missing';
    throw error;
  });
}

/**
 * The finding of a check that could not ask AWS: `problem (the error)`, and the permission it needs
 * when IAM refused it.
 */
export function cannotAsk(subject: string, problem: string, error: unknown, permission: string): Finding {
  const denied = /AccessDenied|UnauthorizedOperation|NotAuthorized/.test(awsErrorName(error));
  return {
    subject,
    problem: `${problem} (${awsErrorText(error)})`,
    fix: denied
      ? `run preflight with credentials allowed ${permission} (the deploying role usually is)`
      : 'run preflight again',
  };
}
