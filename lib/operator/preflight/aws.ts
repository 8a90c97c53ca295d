import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';
import { errorParts } from '../../config';

/** The AWS clients preflight asks, each with the operator's credentials; SES in `sesRegion` if set. */
export function preflightClients(sesRegion?: string) {
  return {
    sts: new STSClient({}),
    ses: new SESv2Client(sesRegion ? { region: sesRegion } : {}),
    secrets: new SecretsManagerClient({}),
    lambda: new LambdaClient({}),
    cloudFormation: new CloudFormationClient({}),
  };
}

export type PreflightClients = ReturnType<typeof preflightClients>;

/** One thing in the way of a deploy, or of the reports working after it, and what to do about it. */
export interface Finding {
  /** What was checked: `AWS credentials`, `secret invoice-reports/accounts/acme/api-key`. */
  subject: string;
  problem: string;
  fix: string;
}

/** A problem and its fix, or `false` when the rule finds nothing. */
export type Rule = [problem: string, fix: string] | false;

/** The findings of a check's rules about one subject. */
export function found(subject: string, ...rules: Rule[]): Finding[] {
  return rules.filter((rule) => rule !== false).map(([problem, fix]) => ({ subject, problem, fix }));
}

/** `AccessDeniedException: User ... is not authorized` (SDK messages name requests, never values). */
export function awsErrorText(error: unknown): string {
  const { name, message } = errorParts(error);
  return `${name}: ${message.replace(/\.$/, '')}`;
}

/** Thrown by `ask`: the finding of a check that could not ask AWS. */
class Unanswered extends Error {
  constructor(readonly finding: Finding) {
    super(finding.problem);
  }
}

type Fix = string | ((error: unknown) => string);

/** The fix for a question IAM may have refused: the permission it needs, or else to ask again. */
export const permitted = (permission: string) => (error: unknown) =>
  /AccessDenied|UnauthorizedOperation|NotAuthorized/.test(errorParts(error).name)
    ? `run preflight with credentials allowed ${permission} (the deploying role usually is)`
    : 'run preflight again';

/** The finding of a check that could not ask AWS: `problem (the error)`, and its fix. */
export function cannotAsk(subject: string, problem: string, fix: Fix, error: unknown): Finding {
  return {
    subject,
    problem: `${problem} (${awsErrorText(error)})`,
    fix: typeof fix === 'string' ? fix : fix(error),
  };
}

/** AWS's answer to `question`; unanswered, the check stops at the finding `problem (the error)`. */
export async function ask<T>(subject: string, problem: string, fix: Fix, question: () => Promise<T>) {
  try {
    return await question();
  } catch (error) {
    throw new Unanswered(cannotAsk(subject, problem, fix, error));
  }
}

/** A check's outcome, or the one finding that says it could not ask AWS. */
export function settled<T>(check: Promise<T>): Promise<T | Finding[]> {
  return check.catch((error: unknown) => {
    if (error instanceof Unanswered) return [error.finding];
    throw error;
  });
}

/** AWS's answer, or `missing` for the error (`Name: message` matching `missing`) that says there is none. */
export function unlessMissing<T>(answer: Promise<T>, missing: RegExp) {
  return answer.catch((error: unknown): 'missing' => {
    if (missing.test(awsErrorText(error))) return 'missing';
    throw error;
  });
}
