import { CloudFormationClient, DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { parseDeploymentConfig } from '../../../../lib/config';
import type { PreflightClients } from '../../../../lib/operator/preflight/aws';

export const ACCOUNT_ID = '123456789012';
export const REGION = 'eu-west-1';

/** Two accounts: acme sends as its domain, globex as an address identity; three recipients. */
export const CONFIG_INPUT = {
  accounts: [
    {
      name: 'acme',
      apiUrl: 'https://api.example.com',
      apiKeySecretName: 'invoice-reports/accounts/acme/api-key',
      timezone: 'Europe/Berlin',
      recipients: ['books@acme.example'],
      sender: 'reports@acme.example',
    },
    {
      name: 'globex',
      apiUrl: 'https://api.example.com',
      apiKeySecretName: 'invoice-reports/accounts/globex/api-key',
      timezone: 'UTC',
      recipients: ['cfo@globex.example', 'ops@other.example'],
      sender: 'billing@globex.example',
      senderIdentity: 'billing@globex.example',
    },
  ],
  alarmEmail: 'ops@example.com',
};

export const config = (overrides: Record<string, unknown> = {}) =>
  parseDeploymentConfig({ ...CONFIG_INPUT, ...overrides });

export const VERIFIED: GetEmailIdentityCommandOutput = {
  $metadata: {},
  VerifiedForSendingStatus: true,
  VerificationStatus: 'SUCCESS',
  DkimAttributes: { Status: 'SUCCESS' },
};

export const notFound = () => new NotFoundException({ message: 'Email identity not found', $metadata: {} });
export const noSecret = () =>
  new ResourceNotFoundException({
    message: "Secrets Manager can't find the specified secret.",
    $metadata: {},
  });
export function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name, $metadata: {} });
}

export const BOOTSTRAP_STACK: Stack = {
  StackName: 'CDKToolkit',
  StackStatus: 'UPDATE_COMPLETE',
  CreationTime: new Date('2026-01-01T00:00:00Z'),
  Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '21' }],
};

const GENERATED = [
  'invoice-reports/report-api-token',
  'invoice-reports/account-token-key',
  'invoice-reports/link-signing-key',
];

/**
 * Real SDK clients with fixed credentials and region, each stubbed by aws-sdk-client-mock to answer as
 * an AWS account ready for a first deploy: production SES, verified identities with DKIM, both API-key
 * secrets readable, none of the generated ones yet, 1,000 concurrency, a recent bootstrap stack.
 */
export function readyAccount() {
  const options = {
    region: REGION,
    credentials: { accessKeyId: 'AKIDPREFLIGHTTEST', secretAccessKey: 'test' },
  };
  const clients: PreflightClients = {
    sts: new STSClient(options),
    ses: new SESv2Client(options),
    secrets: new SecretsManagerClient(options),
    lambda: new LambdaClient(options),
    cloudFormation: new CloudFormationClient(options),
  };
  const mocks = {
    sts: mockClient(clients.sts),
    ses: mockClient(clients.ses),
    secrets: mockClient(clients.secrets),
    lambda: mockClient(clients.lambda),
    cloudFormation: mockClient(clients.cloudFormation),
  };
  mocks.sts.on(GetCallerIdentityCommand).resolves({
    Account: ACCOUNT_ID,
    Arn: `arn:aws:iam::${ACCOUNT_ID}:user/ops`,
    UserId: 'AIDAOPS',
  });
  mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
  mocks.ses.on(GetEmailIdentityCommand).rejects(notFound());
  for (const identity of ['acme.example', 'billing@globex.example']) {
    mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: identity }).resolves(VERIFIED);
  }
  for (const account of ['acme', 'globex']) {
    const name = `invoice-reports/accounts/${account}/api-key`;
    mocks.secrets.on(DescribeSecretCommand, { SecretId: name }).resolves({ Name: name });
    mocks.secrets
      .on(GetSecretValueCommand, { SecretId: name })
      .resolves({ Name: name, SecretString: `key-of-${account}` });
  }
  for (const name of GENERATED)
    mocks.secrets.on(DescribeSecretCommand, { SecretId: name }).rejects(noSecret());
  mocks.lambda.on(GetAccountSettingsCommand).resolves({
    AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 },
  });
  mocks.cloudFormation
    .on(DescribeStacksCommand)
    .rejects(awsError('ValidationError', 'Stack with id InvoiceReports does not exist'));
  mocks.cloudFormation
    .on(DescribeStacksCommand, { StackName: 'CDKToolkit' })
    .resolves({ Stacks: [BOOTSTRAP_STACK] });
  return { clients, mocks };
}
