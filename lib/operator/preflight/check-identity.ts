import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { awsErrorText, type Finding, type PreflightClients } from './aws';

/** Who and where preflight checks: the AWS account, the caller's ARN and the region. */
export interface CallerIdentity {
  account: string;
  arn: string;
  region: string;
}

const CREDENTIALS_FIX =
  'sign in with AWS credentials for the target account: set AWS_PROFILE to a configured profile (aws configure, or aws sso login --profile NAME), or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';

/**
 * The operator's credentials and region, as the SDK's default chain finds them, and who they are. The
 * credentials are looked for first, so that a machine with neither is told of them (the SDK's own
 * "Region is missing" would come first otherwise).
 * @returns the identity, or the one finding that stops every other check
 */
export async function checkCallerIdentity(
  clients: Pick<PreflightClients, 'sts'>,
): Promise<{ identity: CallerIdentity } | { finding: Finding }> {
  const { sts } = clients;
  const finding = (subject: string, problem: string, error: unknown, fix: string) => ({
    finding: { subject, problem: `${problem} (${awsErrorText(error)})`, fix },
  });
  try {
    await sts.config.credentials();
  } catch (error) {
    return finding('AWS credentials', 'none found', error, CREDENTIALS_FIX);
  }
  let region: string;
  try {
    region = await sts.config.region();
  } catch (error) {
    const fix =
      'set AWS_REGION to the region to deploy to (AWS_REGION=eu-west-1 npm run preflight), or give the profile a region (aws configure set region eu-west-1)';
    return finding('AWS region', 'none set', error, fix);
  }
  try {
    const answer = await sts.send(new GetCallerIdentityCommand({}));
    return { identity: { account: answer.Account ?? '', arn: answer.Arn ?? '', region } };
  } catch (error) {
    const fix = `${CREDENTIALS_FIX}; expired SSO credentials need aws sso login again`;
    return finding('AWS credentials', 'refused by STS', error, fix);
  }
}
