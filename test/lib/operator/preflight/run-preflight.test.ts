import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../lib/operator/preflight/aws';
import { runPreflight } from '../../../../lib/operator/preflight/run-preflight';
import {
  ACCOUNT_ID,
  awsError,
  BOOTSTRAP_STACK,
  config,
  noSecret,
  notFound,
  REGION,
  readyAccount,
  VERIFIED,
} from './preflight-mocks';

/** The findings as `subject: problem` texts, the fix left out, for exact comparison. */
const problems = (findings: Finding[]) => findings.map((finding) => `${finding.subject}: ${finding.problem}`);

describe('runPreflight', () => {
  it('finds nothing in an account ready for a first deploy, and says who and where it checked', async () => {
    const { clients } = readyAccount();
    const result = await runPreflight(clients, config());
    expect(result.findings).toEqual([]);
    expect(result.identity).toEqual({
      account: ACCOUNT_ID,
      arn: `arn:aws:iam::${ACCOUNT_ID}:user/ops`,
      region: REGION,
    });
  });

  describe('credentials and region', () => {
    it('stops at one finding naming the credentials when there are none', async () => {
      const { clients, mocks } = readyAccount();
      clients.sts = new STSClient({
        region: REGION,
        credentials: async () => {
          throw awsError('CredentialsProviderError', 'Could not load credentials from any providers');
        },
      });
      const result = await runPreflight(clients, config());
      expect(problems(result.findings)).toEqual([
        'AWS credentials: none found (CredentialsProviderError: Could not load credentials from any providers)',
      ]);
      expect(result.findings[0]!.fix).toMatch(/AWS_PROFILE/);
      expect(result.identity).toBeUndefined();
      expect(mocks.ses.calls()).toHaveLength(0);
    });

    it('stops at one finding naming the region when none is set', async () => {
      const { clients } = readyAccount();
      clients.sts = new STSClient({
        region: async () => {
          throw new Error('Region is missing');
        },
        credentials: { accessKeyId: 'AKIDPREFLIGHTTEST', secretAccessKey: 'test' },
      });
      const result = await runPreflight(clients, config());
      expect(problems(result.findings)).toEqual(['AWS region: none set (Error: Region is missing)']);
      expect(result.findings[0]!.fix).toMatch(/AWS_REGION=eu-west-1/);
    });

    it('stops when STS refuses the credentials (expired, say)', async () => {
      const { clients, mocks } = readyAccount();
      mocks.sts
        .on(GetCallerIdentityCommand)
        .rejects(awsError('ExpiredToken', 'The security token included in the request is expired'));
      const result = await runPreflight(clients, config());
      expect(problems(result.findings)).toEqual([
        'AWS credentials: refused by STS (ExpiredToken: The security token included in the request is expired)',
      ]);
      expect(result.findings[0]!.fix).toMatch(/aws sso login/);
    });
  });

  describe('SES', () => {
    it('finds the SES sandbox when the configuration says production, and each recipient SES would refuse', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
      // books@acme.example is verified through its domain, cfo@globex.example as an address.
      mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: 'cfo@globex.example' }).resolves(VERIFIED);
      const { findings } = await runPreflight(clients, config());
      expect(problems(findings)).toEqual([
        `SES in ${REGION}: the AWS account is in the SES sandbox, and the configuration says it is not (sesSandbox false): every email would fail and go to the dead-letter queue`,
        'SES recipient ops@other.example: not verified, and the AWS account is in the SES sandbox, which sends to verified addresses only',
      ]);
      expect(findings[0]!.fix).toContain(`aws sesv2 put-account-details --production-access-enabled`);
      expect(findings[1]!.fix).toContain(
        `aws sesv2 create-email-identity --email-identity ops@other.example --region ${REGION}`,
      );
    });

    it('in the sandbox the configuration declares, finds only the unverified recipients', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
      const { findings } = await runPreflight(clients, config({ sesSandbox: true }));
      expect(findings.map((finding) => finding.subject)).toEqual([
        'SES recipient cfo@globex.example',
        'SES recipient ops@other.example',
      ]);
    });

    it('asks SES in the configured sesRegion', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: 'acme.example' }).rejects(notFound());
      const { findings } = await runPreflight(clients, config({ sesRegion: 'us-east-1' }));
      expect(problems(findings)).toEqual([
        'SES identity acme.example: not an SES identity in us-east-1: the accounts that send as it would fail',
      ]);
      expect(findings[0]!.fix).toContain('--region us-east-1');
    });

    it('finds sending paused', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetAccountCommand).resolves({
        ProductionAccessEnabled: true,
        SendingEnabled: false,
        EnforcementStatus: 'PROBATION',
      });
      const { findings } = await runPreflight(clients, config());
      expect(problems(findings)).toEqual([
        `SES in ${REGION}: sending is paused for this AWS account (enforcement status PROBATION)`,
      ]);
    });

    it('finds a sender identity that is missing, one not verified and one without DKIM', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: 'acme.example' }).resolves({
        VerifiedForSendingStatus: false,
        VerificationStatus: 'PENDING',
        DkimAttributes: { Status: 'PENDING' },
      });
      mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: 'billing@globex.example' }).resolves({
        VerifiedForSendingStatus: true,
        VerificationStatus: 'SUCCESS',
        DkimAttributes: { Status: 'NOT_STARTED' },
      });
      const { findings } = await runPreflight(clients, config());
      expect(problems(findings)).toEqual([
        'SES identity acme.example: not verified for sending (status PENDING)',
        'SES identity acme.example: DKIM is not verified (status PENDING): mail would go out unsigned, and many mailboxes file it as spam',
        'SES identity billing@globex.example: DKIM is not verified (status NOT_STARTED): mail would go out unsigned, and many mailboxes file it as spam',
      ]);
      expect(findings[2]!.fix).toContain('--email-identity globex.example');
    });

    it('finds a missing sender identity, with the command that creates it', async () => {
      const { clients, mocks } = readyAccount();
      mocks.ses.on(GetEmailIdentityCommand, { EmailIdentity: 'billing@globex.example' }).rejects(notFound());
      const { findings } = await runPreflight(clients, config());
      expect(findings).toEqual([
        {
          subject: 'SES identity billing@globex.example',
          problem: `not an SES identity in ${REGION}: the accounts that send as it would fail`,
          fix: `create it (aws sesv2 create-email-identity --email-identity billing@globex.example --region ${REGION}), then open the link SES emails to the address`,
        },
      ]);
    });
  });

  describe('secrets', () => {
    it("finds a missing account key, with the command that creates it (and never a key's value)", async () => {
      const { clients, mocks } = readyAccount();
      mocks.secrets
        .on(DescribeSecretCommand, { SecretId: 'invoice-reports/accounts/globex/api-key' })
        .rejects(noSecret());
      const { findings } = await runPreflight(clients, config());
      expect(findings).toEqual([
        {
          subject: 'secret invoice-reports/accounts/globex/api-key',
          problem: `missing in ${REGION}: the accounts whose API key it holds would get no report`,
          fix: `create it with the merchant's API key: aws secretsmanager create-secret --name invoice-reports/accounts/globex/api-key --secret-string file://api-key.txt --region ${REGION}`,
        },
      ]);
    });

    it('finds an account key scheduled for deletion, one that cannot be read, and one without text', async () => {
      const { clients, mocks } = readyAccount();
      const acme = 'invoice-reports/accounts/acme/api-key';
      const globex = 'invoice-reports/accounts/globex/api-key';
      mocks.secrets
        .on(DescribeSecretCommand, { SecretId: acme })
        .resolves({ Name: acme, DeletedDate: new Date() });
      mocks.secrets
        .on(GetSecretValueCommand, { SecretId: globex })
        .rejects(
          awsError(
            'AccessDeniedException',
            'User is not authorized to perform: secretsmanager:GetSecretValue',
          ),
        );
      let { findings } = await runPreflight(clients, config());
      expect(problems(findings)).toEqual([
        `secret ${acme}: scheduled for deletion`,
        `secret ${globex}: cannot be read (AccessDeniedException: User is not authorized to perform: secretsmanager:GetSecretValue)`,
      ]);
      expect(findings[0]!.fix).toBe(
        `restore it: aws secretsmanager restore-secret --secret-id ${acme} --region ${REGION}`,
      );
      expect(findings[1]!.fix).toMatch(
        /^run preflight with credentials allowed secretsmanager:DescribeSecret/,
      );

      mocks.secrets
        .on(GetSecretValueCommand, { SecretId: globex })
        .resolves({ SecretBinary: new Uint8Array([1]) });
      ({ findings } = await runPreflight(clients, config()));
      expect(problems(findings)).toContain(`secret ${globex}: has no text value`);
      for (const finding of findings) expect(JSON.stringify(finding)).not.toContain('key-of-');
    });

    it('finds a generated secret made by hand, or left by a deleted stack, and lets the stack keep its own', async () => {
      const { clients, mocks } = readyAccount();
      const token = 'invoice-reports/report-api-token';
      const signing = 'invoice-reports/link-signing-key';
      const owned = [{ Key: 'aws:cloudformation:stack-name', Value: 'InvoiceReports' }];
      mocks.secrets.on(DescribeSecretCommand, { SecretId: token }).resolves({ Name: token });
      mocks.secrets.on(DescribeSecretCommand, { SecretId: signing }).resolves({ Name: signing, Tags: owned });
      let { findings } = await runPreflight(clients, config());
      expect(problems(findings)).toEqual([
        `secret ${token}: exists, made outside the stack, which now generates it: the deploy would fail to create it`,
        `secret ${signing}: exists, left behind by a deleted InvoiceReports stack (the stack retains it): the deploy would fail to create it`,
      ]);
      expect(findings[0]!.fix).toContain('set "reportApiTokenSecretName" to a new name');
      expect(findings[1]!.fix).toContain(`aws secretsmanager delete-secret --secret-id ${signing}`);

      mocks.cloudFormation
        .on(DescribeStacksCommand, { StackName: 'InvoiceReports' })
        .resolves({ Stacks: [{ ...BOOTSTRAP_STACK, StackName: 'InvoiceReports' }] });
      ({ findings } = await runPreflight(clients, config()));
      expect(findings.map((finding) => finding.subject)).toEqual([`secret ${token}`]);
    });
  });

  describe('Lambda concurrency', () => {
    it("finds a new account's quota of 10 too small for the default maxConcurrentReports", async () => {
      const { clients, mocks } = readyAccount();
      mocks.lambda.on(GetAccountSettingsCommand).resolves({
        AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
      });
      const { findings } = await runPreflight(clients, config());
      expect(findings).toEqual([
        {
          subject: `Lambda concurrency in ${REGION}`,
          problem:
            '10 functions may run at once, and a schedule slot needs 12 (maxConcurrentReports 10, the dispatcher and the report API): runs would be throttled and retried, and some dead-lettered',
          fix: `request more (aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region ${REGION}), or set "maxConcurrentReports" to 8 or less`,
        },
      ]);
      expect((await runPreflight(clients, config({ maxConcurrentReports: 8 }))).findings).toEqual([]);
    });

    it('finds a reportApiConcurrency that would leave less than the 100 Lambda keeps unreserved', async () => {
      const { clients, mocks } = readyAccount();
      mocks.lambda.on(GetAccountSettingsCommand).resolves({
        AccountLimit: { ConcurrentExecutions: 150, UnreservedConcurrentExecutions: 150 },
      });
      expect((await runPreflight(clients, config({ reportApiConcurrency: 50 }))).findings).toEqual([]);
      const { findings } = await runPreflight(clients, config({ reportApiConcurrency: 51 }));
      expect(problems(findings)).toEqual([
        `Lambda concurrency in ${REGION}: reportApiConcurrency 51 would leave 99 of 150 unreserved, and Lambda keeps at least 100: the deploy would fail`,
      ]);
    });

    it('makes a refused question a finding of its own, naming the permission', async () => {
      const { clients, mocks } = readyAccount();
      mocks.lambda.on(GetAccountSettingsCommand).rejects(awsError('AccessDeniedException', 'not authorized'));
      const { findings } = await runPreflight(clients, config());
      expect(findings).toEqual([
        {
          subject: `Lambda concurrency in ${REGION}`,
          problem: 'cannot be read (AccessDeniedException: not authorized)',
          fix: 'run preflight with credentials allowed lambda:GetAccountSettings (the deploying role usually is)',
        },
      ]);
    });
  });

  describe('CDK bootstrap', () => {
    it('finds no bootstrap stack, with the command for this account and region', async () => {
      const { clients, mocks } = readyAccount();
      mocks.cloudFormation
        .on(DescribeStacksCommand, { StackName: 'CDKToolkit' })
        .rejects(awsError('ValidationError', 'Stack with id CDKToolkit does not exist'));
      const { findings } = await runPreflight(clients, config());
      expect(findings).toEqual([
        {
          subject: `CDK bootstrap in ${REGION}`,
          problem: 'no CDKToolkit stack: cdk deploy has nowhere to upload the code',
          fix: `run npx cdk bootstrap aws://${ACCOUNT_ID}/${REGION}`,
        },
      ]);
    });

    it('finds a bootstrap stack that failed, or is older than the template needs', async () => {
      const { clients, mocks } = readyAccount();
      const answer = (stack: object) =>
        mocks.cloudFormation
          .on(DescribeStacksCommand, { StackName: 'CDKToolkit' })
          .resolves({ Stacks: [{ ...BOOTSTRAP_STACK, ...stack }] });
      answer({ StackStatus: 'ROLLBACK_COMPLETE' });
      expect(problems((await runPreflight(clients, config())).findings)).toEqual([
        `CDK bootstrap in ${REGION}: the CDKToolkit stack is ROLLBACK_COMPLETE`,
      ]);
      answer({ Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '5' }] });
      expect(problems((await runPreflight(clients, config())).findings)).toEqual([
        `CDK bootstrap in ${REGION}: bootstrap version 5, older than the 6 the stack needs`,
      ]);
    });
  });
});
