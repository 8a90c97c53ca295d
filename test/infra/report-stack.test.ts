import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportStack } from '../../infra/report-stack';
import { type DeploymentConfigInput, parseDeploymentConfig } from '../../lib/config';
import { testApp } from './test-app';

const ACME = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@acme.example'],
  sender: 'reports@acme.example',
};

const GLOBEX = {
  name: 'globex',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/globex/api-key',
  timezone: 'America/New_York',
  recipients: ['cfo@globex.example', 'books@globex.example'],
  sender: 'billing@mail.globex.example',
  senderIdentity: 'globex.example',
  schedule: { dayOfMonth: 3, hour: 7, minute: 30 },
};

function templateFor(input: DeploymentConfigInput): Template {
  const stack = new ReportStack(testApp(), 'InvoiceReports', { config: parseDeploymentConfig(input) });
  return Template.fromStack(stack);
}

/** `arn:${Partition}:service:${Region}:${AccountId}:rest`, as CloudFormation sees an ARN of this stack. */
function stackArn(service: string, rest: string) {
  return {
    'Fn::Join': [
      '',
      [
        'arn:',
        { Ref: 'AWS::Partition' },
        `:${service}:`,
        { Ref: 'AWS::Region' },
        ':',
        { Ref: 'AWS::AccountId' },
        rest,
      ],
    ],
  };
}

/** The one resource of a type whose properties match; its logical id. */
function logicalIdOf(template: Template, type: string, properties: Record<string, unknown> = {}): string {
  const found = Object.keys(template.findResources(type, { Properties: Match.objectLike(properties) }));
  expect(found, `one ${type} matching ${JSON.stringify(properties)}`).toHaveLength(1);
  return found[0]!;
}

/** The statements of the inline policy attached to the role of the function with this description. */
function statementsOfFunction(template: Template, description: string): unknown[] {
  const roleArn = new Capture();
  template.hasResourceProperties('AWS::Lambda::Function', { Description: description, Role: roleArn });
  const roleId = (roleArn.asObject() as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(
    template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
  ) as { Properties: { PolicyDocument: { Statement: unknown[] } } }[];
  expect(policies).toHaveLength(1);
  return policies[0]!.Properties.PolicyDocument.Statement;
}

const SCHEDULED = 'invoice reports: the monthly report of an account';
const API = 'invoice reports: the HTTPS report API';

describe('ReportStack with two accounts', () => {
  let template: Template;
  let reportsBucket: string;
  let logBucket: string;
  let queue: string;
  let scheduledFunction: string;
  let apiFunction: string;

  beforeAll(() => {
    template = templateFor({
      accounts: [ACME, GLOBEX],
      reportRetentionDays: 120,
      alarmEmail: 'ops@example.com',
    });
    reportsBucket = logicalIdOf(template, 'AWS::S3::Bucket', { LoggingConfiguration: Match.anyValue() });
    logBucket = logicalIdOf(template, 'AWS::S3::Bucket', { LoggingConfiguration: Match.absent() });
    queue = logicalIdOf(template, 'AWS::SQS::Queue');
    scheduledFunction = logicalIdOf(template, 'AWS::Lambda::Function', { Description: SCHEDULED });
    apiFunction = logicalIdOf(template, 'AWS::Lambda::Function', { Description: API });
  });

  describe('reports bucket', () => {
    it('blocks all public access, encrypts at rest and disables ACLs', () => {
      template.hasResource('AWS::S3::Bucket', {
        Properties: Match.objectLike({
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [
              { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
            ],
          },
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
          LoggingConfiguration: Match.anyValue(),
        }),
        DeletionPolicy: 'Retain',
      });
    });

    it('expires reports after the configured retention and drops unfinished uploads', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: Match.anyValue(),
        LifecycleConfiguration: {
          Rules: [
            Match.objectLike({
              Status: 'Enabled',
              ExpirationInDays: 120,
              AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            }),
          ],
        },
      });
    });

    it('refuses any request without TLS 1.2 or later', () => {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: reportsBucket },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } },
            }),
          ]),
        },
      });
    });

    it('logs access to a separate private bucket that S3 logging may write to', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: { DestinationBucketName: { Ref: logBucket }, LogFilePrefix: 'reports-bucket/' },
      });
      template.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: Match.absent(),
        PublicAccessBlockConfiguration: Match.objectLike({
          BlockPublicPolicy: true,
          RestrictPublicBuckets: true,
        }),
        LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90 })] },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logBucket },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Action: 's3:PutObject',
              Principal: { Service: 'logging.s3.amazonaws.com' },
              Condition: Match.objectLike({
                ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [reportsBucket, 'Arn'] } },
              }),
            }),
          ]),
        },
      });
    });
  });

  describe('functions', () => {
    it('run Node.js 22 on arm64, both of them', () => {
      template.resourceCountIs('AWS::Lambda::Function', 2);
      template.allResourcesProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 1024,
      });
    });

    it('have 4 GiB of /tmp, both of them: a big month writes and sorts its files there', () => {
      template.allResourcesProperties('AWS::Lambda::Function', { EphemeralStorage: { Size: 4096 } });
    });

    it('give the scheduled run 15 minutes and the report API 5', () => {
      template.hasResourceProperties('AWS::Lambda::Function', { Description: SCHEDULED, Timeout: 900 });
      template.hasResourceProperties('AWS::Lambda::Function', { Description: API, Timeout: 300 });
    });

    it('log to their own log groups, kept 90 days', () => {
      template.resourceCountIs('AWS::Logs::LogGroup', 2);
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
      const logGroup = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        LoggingConfig: { LogGroup: { Ref: logGroup } },
      });
      expect(template.toJSON().Resources[logGroup.asString()].Type).toBe('AWS::Logs::LogGroup');
    });

    it('get the configuration, bucket and report API URL through the environment, and no secret', () => {
      const variables = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        Environment: { Variables: variables },
      });
      const env = variables.asObject();
      expect(Object.keys(env).sort()).toEqual([
        'NODE_OPTIONS',
        'POWERTOOLS_SERVICE_NAME',
        'REPORT_API_URL',
        'REPORT_BUCKET',
        'REPORT_CONFIG',
      ]);
      expect(env.REPORT_BUCKET).toEqual({ Ref: reportsBucket });
      expect(env.REPORT_API_URL).toEqual({
        'Fn::GetAtt': [logicalIdOf(template, 'AWS::Lambda::Url'), 'FunctionUrl'],
      });
      const config = JSON.parse(env.REPORT_CONFIG as string);
      expect(
        config.accounts.map((account: { name: string; timezone: string }) => [
          account.name,
          account.timezone,
        ]),
      ).toEqual([
        ['acme', 'Europe/Berlin'],
        ['globex', 'America/New_York'],
      ]);
      expect(config.reportApiTokenSecretName).toBe('invoice-reports/report-api-token');
    });

    it('do not give the report API its own URL (it would be a circular reference)', () => {
      const variables = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: API,
        Environment: { Variables: variables },
      });
      expect(Object.keys(variables.asObject())).not.toContain('REPORT_API_URL');
      expect(variables.asObject().REPORT_BUCKET).toEqual({ Ref: reportsBucket });
    });
  });

  describe('permissions', () => {
    const reportObjects = () => ({
      Sid: 'ReportObjects',
      Effect: 'Allow',
      Action: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [reportsBucket, 'Arn'] }, '/reports/*']] },
    });
    const listing = () => ({
      Sid: 'ReportBucketListing',
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: { 'Fn::GetAtt': [reportsBucket, 'Arn'] },
    });
    const logWriting = (fn: string) => {
      const logGroup = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: fn,
        LoggingConfig: { LogGroup: { Ref: logGroup } },
      });
      return {
        Effect: 'Allow',
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: { 'Fn::GetAtt': [logGroup.asString(), 'Arn'] },
      };
    };

    it('let the scheduled run touch report objects, read its secrets, send as its senders, and dead-letter', () => {
      expect(statementsOfFunction(template, SCHEDULED)).toEqual([
        logWriting(SCHEDULED),
        reportObjects(),
        listing(),
        {
          Effect: 'Allow',
          Action: 'secretsmanager:GetSecretValue',
          Resource: [
            stackArn('secretsmanager', ':secret:invoice-reports/acme/api-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/globex/api-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/link-signing-key-??????'),
          ],
        },
        {
          Effect: 'Allow',
          Action: 'ses:SendRawEmail',
          Resource: [
            stackArn('ses', ':identity/acme.example'),
            stackArn('ses', ':identity/billing@mail.globex.example'),
            stackArn('ses', ':identity/globex.example'),
            stackArn('ses', ':identity/reports@acme.example'),
          ],
        },
        {
          Effect: 'Allow',
          Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
          Resource: { 'Fn::GetAtt': [queue, 'Arn'] },
        },
      ]);
    });

    it('let the report API touch report objects and read the token, signing key and account keys, nothing more', () => {
      expect(statementsOfFunction(template, API)).toEqual([
        logWriting(API),
        reportObjects(),
        listing(),
        {
          Effect: 'Allow',
          Action: 'secretsmanager:GetSecretValue',
          Resource: [
            stackArn('secretsmanager', ':secret:invoice-reports/acme/api-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/globex/api-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/link-signing-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/report-api-token-??????'),
          ],
        },
      ]);
    });

    it('attach no managed policy and grant no wildcard action anywhere', () => {
      const json = template.toJSON();
      for (const resource of Object.values(json.Resources) as {
        Type: string;
        Properties: Record<string, unknown>;
      }[]) {
        if (resource.Type === 'AWS::IAM::Role') expect(resource.Properties.ManagedPolicyArns).toBeUndefined();
        if (resource.Type !== 'AWS::IAM::Policy') continue;
        const statements = (
          resource.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }
        ).Statement;
        for (const statement of statements) {
          for (const action of [statement.Action].flat()) expect(action).not.toContain('*');
        }
      }
    });
  });

  describe('schedules', () => {
    it('run each account monthly at its own time in its own time zone', () => {
      template.resourceCountIs('AWS::Scheduler::Schedule', 2);
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0 6 1 * ? *)',
        ScheduleExpressionTimezone: 'Europe/Berlin',
        FlexibleTimeWindow: { Mode: 'OFF' },
        State: 'ENABLED',
        Target: Match.objectLike({
          Input: '{"account":"acme","scheduledTime":"<aws.scheduler.scheduled-time>"}',
        }),
      });
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(30 7 3 * ? *)',
        ScheduleExpressionTimezone: 'America/New_York',
        Target: Match.objectLike({
          Input: '{"account":"globex","scheduledTime":"<aws.scheduler.scheduled-time>"}',
        }),
      });
    });

    it('invoke the scheduled function with retries and the dead-letter queue', () => {
      template.allResourcesProperties('AWS::Scheduler::Schedule', {
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [scheduledFunction, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queue, 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 21600 },
        }),
      });
    });

    it('use a role only the scheduler of this account may assume, allowed to invoke that function only', () => {
      const role = new Capture();
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        Target: Match.objectLike({ RoleArn: { 'Fn::GetAtt': [role, 'Arn'] } }),
      });
      template.hasResource('AWS::IAM::Role', {
        Properties: Match.objectLike({
          AssumeRolePolicyDocument: {
            Statement: [
              {
                Action: 'sts:AssumeRole',
                Effect: 'Allow',
                Principal: { Service: 'scheduler.amazonaws.com' },
                Condition: {
                  StringEquals: {
                    'aws:SourceAccount': { Ref: 'AWS::AccountId' },
                    'aws:SourceArn': stackArn('scheduler', ':schedule-group/default'),
                  },
                },
              },
            ],
            Version: '2012-10-17',
          },
        }),
      });
      const policies = Object.values(
        template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role.asString() }] } }),
      ) as { Properties: { PolicyDocument: { Statement: unknown[] } } }[];
      expect(policies.map((policy) => policy.Properties.PolicyDocument.Statement)).toEqual([
        [
          {
            Effect: 'Allow',
            Action: 'lambda:InvokeFunction',
            Resource: [
              { 'Fn::GetAtt': [scheduledFunction, 'Arn'] },
              { 'Fn::Join': ['', [{ 'Fn::GetAtt': [scheduledFunction, 'Arn'] }, ':*']] },
            ],
          },
          { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queue, 'Arn'] } },
        ],
      ]);
    });
  });

  describe('failures', () => {
    it('keep failed events 14 days in an encrypted, TLS-only queue', () => {
      template.hasResourceProperties('AWS::SQS::Queue', {
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 1209600,
      });
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queue }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });

    it('retry a failed run twice, then send it to the dead-letter queue', () => {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: scheduledFunction },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
      });
    });

    it('raise an alarm on any error of either function', () => {
      for (const fn of [scheduledFunction, apiFunction]) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName: 'Errors',
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: fn } }],
          Statistic: 'Sum',
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
      }
    });

    it('raise an alarm as soon as a message is visible in the dead-letter queue', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    });

    it('count the lines of the scheduled function that say a delivery is unconfirmed', () => {
      const logGroup = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        LoggingConfig: { LogGroup: { Ref: logGroup } },
      });
      template.resourceCountIs('AWS::Logs::MetricFilter', 1);
      template.hasResourceProperties('AWS::Logs::MetricFilter', {
        LogGroupName: { Ref: logGroup.asString() },
        FilterPattern: '"delivery unconfirmed"',
        MetricTransformations: [
          { MetricNamespace: 'InvoiceReports', MetricName: 'DeliveryUnconfirmed', MetricValue: '1' },
        ],
      });
    });

    it('raise an alarm on the first unconfirmed delivery, saying where to read what to do', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'InvoiceReports',
        MetricName: 'DeliveryUnconfirmed',
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmDescription: Match.stringLikeRegexp('README, "When the delivery alarm fires"'),
      });
    });

    it('send every alarm to the topic, which emails the configured address', () => {
      template.resourceCountIs('AWS::CloudWatch::Alarm', 4);
      const topic = logicalIdOf(template, 'AWS::SNS::Topic');
      template.allResourcesProperties('AWS::CloudWatch::Alarm', {
        AlarmActions: [{ Ref: topic }],
        OKActions: [{ Ref: topic }],
      });
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'ops@example.com',
        TopicArn: { Ref: topic },
      });
    });
  });

  describe('report API endpoint', () => {
    it('is a Function URL without IAM auth (the app checks tokens and signatures) and buffered', () => {
      template.hasResourceProperties('AWS::Lambda::Url', {
        AuthType: 'NONE',
        InvokeMode: 'BUFFERED',
        TargetFunctionArn: { 'Fn::GetAtt': [apiFunction, 'Arn'] },
      });
    });

    it('outputs its URL, the bucket name, and the function to invoke for a re-run', () => {
      template.hasOutput('ReportApiUrl', {
        Value: { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::Lambda::Url'), 'FunctionUrl'] },
      });
      template.hasOutput('ReportBucketName', { Value: { Ref: reportsBucket } });
      template.hasOutput('ScheduledReportFunctionName', { Value: { Ref: scheduledFunction } });
    });
  });
});

describe('ReportStack options', () => {
  it('in the SES sandbox, may also send to the recipients, in the configured SES region', () => {
    const template = templateFor({
      accounts: [ACME],
      sesSandbox: true,
      sesRegion: 'eu-west-1',
      alarmEmail: 'ops@example.com',
    });
    const sesArn = (identity: string) => ({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':ses:eu-west-1:',
          { Ref: 'AWS::AccountId' },
          `:identity/${identity}`,
        ],
      ],
    });
    expect(statementsOfFunction(template, SCHEDULED)).toContainEqual({
      Effect: 'Allow',
      Action: 'ses:SendRawEmail',
      Resource: [sesArn('accounting@acme.example'), sesArn('acme.example'), sesArn('reports@acme.example')],
    });
  });

  it('rejects more accounts than fit in a Lambda environment, naming the field', () => {
    const accounts = Array.from({ length: 20 }, (_, index) => ({ ...GLOBEX, name: `merchant-${index}` }));
    expect(
      () =>
        new ReportStack(testApp(), 'TooMany', {
          config: parseDeploymentConfig({ accounts, alarmEmail: 'ops@example.com' }),
        }),
    ).toThrow(/accounts: take \d+ bytes as JSON, more than fits in a Lambda function's 4 KB environment/);
  });
});
