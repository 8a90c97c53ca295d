import { createHash } from 'node:crypto';
import validateAsl from 'asl-validator';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { environmentBytes } from '../../infra/deployment-limits';
import { ReportStack } from '../../infra/report-stack';
import { type DeploymentConfigInput, parseDeploymentConfig } from '../../lib/config';
import { testApp } from './test-app';

const ACME = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/accounts/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@acme.example'],
  sender: 'reports@acme.example',
};

const GLOBEX = {
  name: 'globex',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/accounts/globex/api-key',
  timezone: 'America/New_York',
  recipients: ['cfo@globex.example', 'books@globex.example'],
  sender: 'billing@mail.globex.example',
  senderIdentity: 'globex.example',
  schedule: { dayOfMonth: 3, hour: 7, minute: 30, yearly: true },
};

function stackFor(input: DeploymentConfigInput): ReportStack {
  return new ReportStack(testApp(), 'InvoiceReports', { config: parseDeploymentConfig(input) });
}

function templateFor(input: DeploymentConfigInput): Template {
  return Template.fromStack(stackFor(input));
}

/** A reference in a template: `{ Ref }` or `{ 'Fn::GetAtt': [id, attribute] }`. */
type TemplateReference = { Ref?: string; 'Fn::GetAtt'?: [string, string] };

/**
 * A state machine's definition as Step Functions reads it, each reference in it (a function's ARN, the
 * queue's URL) written `<LogicalId>` or `<AWS::Partition>`, or as `resolve` writes it.
 */
function definitionOf(
  template: Template,
  resolve: (reference: TemplateReference) => string = (reference) =>
    `<${reference.Ref ?? reference['Fn::GetAtt']?.[0]}>`,
): { States: Record<string, Record<string, unknown>>; TimeoutSeconds?: number } {
  const definition = new Capture();
  template.hasResourceProperties('AWS::StepFunctions::StateMachine', { DefinitionString: definition });
  const [, parts] = (definition.asObject() as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  const text = parts
    .map((part) => (typeof part === 'string' ? part : resolve(part as TemplateReference)))
    .join('');
  return JSON.parse(text) as { States: Record<string, Record<string, unknown>>; TimeoutSeconds?: number };
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

/** Each function with reserved concurrency, by logical id: its reservation. */
function reservedConcurrencyOf(template: Template): Record<string, number> {
  const functions = template.findResources('AWS::Lambda::Function') as Record<
    string,
    { Properties: { ReservedConcurrentExecutions?: number } }
  >;
  return Object.fromEntries(
    Object.entries(functions)
      .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([id, fn]) => [id, fn.Properties.ReservedConcurrentExecutions!]),
  );
}

const SCHEDULED = 'invoice reports: the scheduled report of an account';
const API = 'invoice reports: the HTTPS report API';
const DISPATCHER = 'invoice reports: the accounts of a schedule slot, for the fan-out';

describe('ReportStack with two accounts', () => {
  let stack: ReportStack;
  let template: Template;
  let schedules: Template;
  let reportsBucket: string;
  let logBucket: string;
  let queue: string;
  let scheduledFunction: string;
  let apiFunction: string;
  let dispatcherFunction: string;
  let stateMachine: string;
  /** The SHA-256 of the configuration file bundled beside each function: its JSON and a line end. */
  let bundledConfigDigest: string;

  beforeAll(() => {
    const input = { accounts: [ACME, GLOBEX], reportRetentionDays: 120, alarmEmail: 'ops@example.com' };
    stack = stackFor(input);
    bundledConfigDigest = createHash('sha256')
      .update(`${JSON.stringify(parseDeploymentConfig(input))}\n`)
      .digest('hex');
    template = Template.fromStack(stack);
    expect(stack.schedules.stacks).toHaveLength(1);
    schedules = Template.fromStack(stack.schedules.stacks[0]!);
    reportsBucket = logicalIdOf(template, 'AWS::S3::Bucket', { LoggingConfiguration: Match.anyValue() });
    logBucket = logicalIdOf(template, 'AWS::S3::Bucket', { LoggingConfiguration: Match.absent() });
    queue = logicalIdOf(template, 'AWS::SQS::Queue');
    scheduledFunction = logicalIdOf(template, 'AWS::Lambda::Function', { Description: SCHEDULED });
    apiFunction = logicalIdOf(template, 'AWS::Lambda::Function', { Description: API });
    dispatcherFunction = logicalIdOf(template, 'AWS::Lambda::Function', { Description: DISPATCHER });
    stateMachine = logicalIdOf(template, 'AWS::StepFunctions::StateMachine');
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
    it('run Node.js 22 on arm64, all three of them', () => {
      template.resourceCountIs('AWS::Lambda::Function', 3);
      template.allResourcesProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
      });
    });

    it('have 4 GiB of /tmp where a report is built (a big month writes and sorts its files there), the dispatcher the default 512 MB', () => {
      for (const description of [SCHEDULED, API]) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: description,
          EphemeralStorage: { Size: 4096 },
        });
      }
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: DISPATCHER,
        EphemeralStorage: Match.absent(),
      });
    });

    it('give the scheduled run 15 minutes and 1 GB, the report API 5 minutes, the dispatcher 30 seconds', () => {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        Timeout: 900,
        MemorySize: 1024,
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: API,
        Timeout: 300,
        MemorySize: 1024,
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: DISPATCHER,
        Timeout: 30,
        MemorySize: 256,
      });
    });

    it('log to their own log groups, as the fan-out does, kept 90 days', () => {
      template.resourceCountIs('AWS::Logs::LogGroup', 4);
      template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
      const logGroup = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        LoggingConfig: { LogGroup: { Ref: logGroup } },
      });
      expect(template.toJSON().Resources[logGroup.asString()].Type).toBe('AWS::Logs::LogGroup');
    });

    it('name the bundled configuration file, the bucket and the report API URL in the environment, and no secret', () => {
      const variables = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: SCHEDULED,
        Environment: { Variables: variables },
      });
      expect(variables.asObject()).toEqual({
        POWERTOOLS_SERVICE_NAME: 'invoice-reports',
        REPORT_CONFIG_FILE: 'deployment-config.json',
        REPORT_CONFIG_SHA256: bundledConfigDigest,
        REPORT_BUCKET: { Ref: reportsBucket },
        REPORT_API_URL: { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::Lambda::Url'), 'FunctionUrl'] },
      });
    });

    it("keep each environment small: within a quarter of Lambda's 4 KB as Lambda counts it, references at their longest", () => {
      for (const fn of [stack.scheduledReport, stack.reportApi, stack.dispatcher]) {
        expect(environmentBytes(fn, fn.environment)).toBeLessThan(1024);
      }
    });

    it('do not give the report API its own URL (it would be a circular reference)', () => {
      const variables = new Capture();
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: API,
        Environment: { Variables: variables },
      });
      expect(Object.keys(variables.asObject())).not.toContain('REPORT_API_URL');
      expect(variables.asObject().REPORT_BUCKET).toEqual({ Ref: reportsBucket });
      expect(variables.asObject().REPORT_CONFIG_SHA256).toBe(bundledConfigDigest);
    });

    it('give the dispatcher the configuration file only', () => {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: DISPATCHER,
        Environment: {
          Variables: {
            POWERTOOLS_SERVICE_NAME: 'invoice-reports',
            REPORT_CONFIG_FILE: 'deployment-config.json',
            REPORT_CONFIG_SHA256: bundledConfigDigest,
          },
        },
      });
    });
  });

  describe('permissions', () => {
    const reportObjects = () => ({
      Sid: 'ReportObjects',
      Effect: 'Allow',
      Action: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [reportsBucket, 'Arn'] }, '/reports/*']] },
    });
    const objects = (pattern: string) => ({
      'Fn::Join': ['', [{ 'Fn::GetAtt': [reportsBucket, 'Arn'] }, `/reports/${pattern}`]],
    });
    const listing = () => ({
      Sid: 'ReportBucketListing',
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: { 'Fn::GetAtt': [reportsBucket, 'Arn'] },
      Condition: { StringLike: { 's3:prefix': 'reports/*' } },
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

    const accountSecrets = () => ({
      Sid: 'AccountSecrets',
      Effect: 'Allow',
      Action: 'secretsmanager:GetSecretValue',
      Resource: stackArn('secretsmanager', ':secret:invoice-reports/accounts/*'),
    });

    it('let the scheduled run touch report objects, read the account keys and the signing key, send as its senders, and dead-letter', () => {
      expect(statementsOfFunction(template, SCHEDULED)).toEqual([
        logWriting(SCHEDULED),
        reportObjects(),
        listing(),
        accountSecrets(),
        {
          Effect: 'Allow',
          Action: 'secretsmanager:GetSecretValue',
          Resource: stackArn('secretsmanager', ':secret:invoice-reports/link-signing-key-??????'),
        },
        {
          Effect: 'Allow',
          Action: 'ses:SendRawEmail',
          // Each domain identity, and the address identities of each sender's own domain.
          Resource: [
            stackArn('ses', ':identity/*@acme.example'),
            stackArn('ses', ':identity/*@mail.globex.example'),
            stackArn('ses', ':identity/acme.example'),
            stackArn('ses', ':identity/globex.example'),
          ],
        },
        {
          Effect: 'Allow',
          Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
          Resource: { 'Fn::GetAtt': [queue, 'Arn'] },
        },
      ]);
    });

    it('let the report API read report objects and write builds, manifests and rebuild records (never a delivery record), and read the account keys, the operator token, the account token key and the signing key, nothing more', () => {
      expect(statementsOfFunction(template, API)).toEqual([
        logWriting(API),
        { Sid: 'ReportObjects', Effect: 'Allow', Action: 's3:GetObject', Resource: objects('*') },
        {
          Sid: 'ReportBuilds',
          Effect: 'Allow',
          Action: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:PutObject'],
          Resource: objects('*/builds/*'),
        },
        {
          Sid: 'ReportManifests',
          Effect: 'Allow',
          Action: 's3:PutObject',
          Resource: [objects('*/manifest.json'), objects('*/rebuilds.json')],
        },
        listing(),
        accountSecrets(),
        {
          Effect: 'Allow',
          Action: 'secretsmanager:GetSecretValue',
          Resource: [
            stackArn('secretsmanager', ':secret:invoice-reports/account-token-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/link-signing-key-??????'),
            stackArn('secretsmanager', ':secret:invoice-reports/report-api-token-??????'),
          ],
        },
      ]);
    });

    it('let the dispatcher write its log and nothing else', () => {
      expect(statementsOfFunction(template, DISPATCHER)).toEqual([logWriting(DISPATCHER)]);
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
    it('start each slot at its local time in its time zone, monthly or in January', () => {
      schedules.resourceCountIs('AWS::Scheduler::Schedule', 3);
      template.resourceCountIs('AWS::Scheduler::Schedule', 0);
      schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0 6 1 * ? *)',
        ScheduleExpressionTimezone: 'Europe/Berlin',
        FlexibleTimeWindow: { Mode: 'OFF' },
        State: 'ENABLED',
        Target: Match.objectLike({
          Input: '{"slot":"monthly 1 06:00 Europe/Berlin","scheduledTime":"<aws.scheduler.scheduled-time>"}',
        }),
      });
      schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(30 7 3 * ? *)',
        ScheduleExpressionTimezone: 'America/New_York',
        Target: Match.objectLike({
          Input:
            '{"slot":"monthly 3 07:30 America/New_York","scheduledTime":"<aws.scheduler.scheduled-time>"}',
        }),
      });
      schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(30 7 3 1 ? *)',
        ScheduleExpressionTimezone: 'America/New_York',
        Target: Match.objectLike({
          Input:
            '{"slot":"yearly 3 Jan 07:30 America/New_York","scheduledTime":"<aws.scheduler.scheduled-time>"}',
        }),
      });
    });

    it('start the fan-out with retries and the dead-letter queue, through the parent stack', () => {
      const stateMachineArn = new Capture();
      const queueArn = new Capture();
      schedules.allResourcesProperties('AWS::Scheduler::Schedule', {
        Target: Match.objectLike({
          Arn: { Ref: stateMachineArn },
          DeadLetterConfig: { Arn: { Ref: queueArn } },
          RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 21600 },
        }),
      });
      template.hasResourceProperties('AWS::CloudFormation::Stack', {
        Parameters: Match.objectLike({
          [stateMachineArn.asString()]: { Ref: stateMachine },
          [queueArn.asString()]: { 'Fn::GetAtt': [queue, 'Arn'] },
        }),
      });
    });

    it('use a role only the scheduler of this account may assume, allowed to start the fan-out only', () => {
      const schedulerRoles = template.findResources('AWS::IAM::Role', {
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
      const roleIds = Object.keys(schedulerRoles);
      expect(roleIds).toHaveLength(1);
      const policies = Object.values(
        template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleIds[0] }] } }),
      ) as { Properties: { PolicyDocument: { Statement: unknown[] } } }[];
      expect(policies.map((policy) => policy.Properties.PolicyDocument.Statement)).toEqual([
        [
          { Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: stateMachine } },
          { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queue, 'Arn'] } },
        ],
      ]);
    });
  });

  describe('fan-out', () => {
    it('asks the dispatcher for the slot, then runs the scheduled function once per account, ten at once', () => {
      const { States } = definitionOf(template);
      expect(States.Dispatch).toMatchObject({
        Type: 'Task',
        Resource: `<${dispatcherFunction}>`,
        Next: 'EachAccount',
      });
      expect(States.EachAccount).toMatchObject({
        Type: 'Map',
        ItemsPath: '$.runs',
        MaxConcurrency: 10,
        // Of a thousand runs only whether a dead letter was lost is kept: their details are in the
        // history and the function's log.
        ResultSelector: { 'deadLetterLost.$': "States.ArrayContains($, 'dead-letter-lost')" },
        ResultPath: '$.outcomes',
        ItemProcessor: { StartAt: 'RunReport' },
        Next: 'AnyDeadLetterLost',
      });
    });

    it("retries an account's run twice, 2 then 6 minutes later, one Lambda did not start three times, one that found a claim once when it is stale, and not errors no retry mends", () => {
      const { States } = definitionOf(template);
      const run = (States.EachAccount!.ItemProcessor as { States: Record<string, Record<string, unknown>> })
        .States.RunReport!;
      expect(run.Resource).toBe(`<${scheduledFunction}>`);
      expect(run.Retry).toEqual([
        expect.objectContaining({ ErrorEquals: expect.arrayContaining(['Lambda.ServiceException']) }),
        {
          ErrorEquals: [
            'ScheduledEventError',
            'UnknownAccountError',
            'ReportRequestError',
            'ConfigError',
            'InvoicingAuthenticationError',
            'SigningKeyError',
            'InvalidEmailError',
            'EmailTooLargeError',
            'DeliveryRecordError',
            'DeliveryUnconfirmedError',
          ],
          MaxAttempts: 0,
        },
        // A claim found is retried once, 16 minutes later: it was stale by then (15 minutes), so a run
        // cut off between sending and recording (its timeout) ends in "delivery unconfirmed", not in
        // "another delivery is in progress" twice within the claim's 15 minutes.
        { ErrorEquals: ['DeliveryInProgressError'], IntervalSeconds: 960, MaxAttempts: 1 },
        // Lambda refusing to start the run (concurrency used up): 1, 2 and 4 minutes later, before the
        // run's own retries, which are for runs that started and failed.
        {
          ErrorEquals: ['Lambda.TooManyRequestsException'],
          IntervalSeconds: 60,
          MaxAttempts: 3,
          BackoffRate: 2,
        },
        { ErrorEquals: ['States.ALL'], IntervalSeconds: 120, MaxAttempts: 2, BackoffRate: 3 },
      ]);
    });

    it('sends an account whose run failed to the dead-letter queue, with its failure, and goes on with the others', () => {
      const { States } = definitionOf(template);
      const processor = (
        States.EachAccount!.ItemProcessor as { States: Record<string, Record<string, unknown>> }
      ).States;
      expect(processor.RunReport!.Catch).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'DeadLetter' },
      ]);
      expect(processor.DeadLetter).toMatchObject({
        Type: 'Task',
        Next: 'DeadLettered',
        Resource: 'arn:<AWS::Partition>:states:::sqs:sendMessage',
        Parameters: {
          QueueUrl: `<${queue}>`,
          MessageBody: {
            'account.$': '$.account',
            'periodKind.$': '$.periodKind',
            'scheduledTime.$': '$.scheduledTime',
            'failure.$': '$.failure',
          },
        },
      });
    });

    it('ends each run in a word the Map collects: done, dead-lettered, or dead-letter-lost when the queue failed too', () => {
      const { States } = definitionOf(template);
      const processor = (
        States.EachAccount!.ItemProcessor as { States: Record<string, Record<string, unknown>> }
      ).States;
      expect(processor.RunReport!.Next).toBe('RunDone');
      expect(processor.RunDone).toEqual({ Type: 'Pass', Result: 'done', End: true });
      expect(processor.DeadLettered).toEqual({ Type: 'Pass', Result: 'dead-lettered', End: true });
      expect(processor.DeadLetter!.Retry).toEqual([{ ErrorEquals: ['States.ALL'], MaxAttempts: 3 }]);
      expect(processor.DeadLetter!.Catch).toEqual([
        { ErrorEquals: ['States.ALL'], ResultPath: '$.deadLetterFailure', Next: 'DeadLetterLost' },
      ]);
      expect(processor.DeadLetterLost).toEqual({ Type: 'Pass', Result: 'dead-letter-lost', End: true });
    });

    it('runs every account even when a dead letter is lost, then fails the execution, which raises the fan-out alarm', () => {
      const { States } = definitionOf(template);
      expect(States.AnyDeadLetterLost).toEqual({
        Type: 'Choice',
        Choices: [{ Variable: '$.outcomes.deadLetterLost', BooleanEquals: true, Next: 'DeadLettersLost' }],
        Default: 'SlotDone',
      });
      expect(States.DeadLettersLost).toMatchObject({ Type: 'Fail', Error: 'DeadLetterLost' });
      expect(States.DeadLettersLost!.Cause).toContain(
        "the execution's history has the account and the failure",
      );
      expect(States.SlotDone).toEqual({ Type: 'Succeed' });
    });

    it('is valid Amazon States Language, as asl-validator checks it (schema, paths, transitions)', () => {
      // References as they deploy: the partition `aws`, the queue's URL, each function's ARN.
      const definition = definitionOf(template, (reference) => {
        if (reference.Ref === 'AWS::Partition') return 'aws';
        if (reference.Ref !== undefined) return 'https://sqs.eu-west-1.amazonaws.com/123456789012/failures';
        return `arn:aws:lambda:eu-west-1:123456789012:function:${reference['Fn::GetAtt']?.[0]}`;
      });
      const { isValid, errorsText } = validateAsl(definition);
      expect(isValid ? '' : errorsText('; ')).toBe('');
    });

    it("logs to a group under /aws/vendedlogs/, which needs no entry in the account's log resource policy", () => {
      template.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: '/aws/vendedlogs/states/InvoiceReports-FanOut',
      });
    });

    it('logs every execution event to its own log group and may invoke the two functions only', () => {
      template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
        LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
      });
      const roleArn = new Capture();
      template.hasResourceProperties('AWS::StepFunctions::StateMachine', { RoleArn: roleArn });
      const roleId = (roleArn.asObject() as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const [policy] = Object.values(
        template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } }),
      ) as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }[];
      expect(policy!.Properties.PolicyDocument.Statement[0]).toEqual({
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: [
          { 'Fn::GetAtt': [dispatcherFunction, 'Arn'] },
          { 'Fn::GetAtt': [scheduledFunction, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [dispatcherFunction, 'Arn'] }, ':*']] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [scheduledFunction, 'Arn'] }, ':*']] },
        ],
      });
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

    it("retry an operator's asynchronous run twice, then send it to the dead-letter queue", () => {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: scheduledFunction },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
      });
    });

    it('raise an alarm on any error of any function', () => {
      for (const fn of [scheduledFunction, apiFunction, dispatcherFunction]) {
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
        AlarmDescription: Match.stringLikeRegexp('or a schedule could not start its slot'),
      });
    });

    it('raise an alarm for each new message in the dead-letter queue, even while older ones are left', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'NumberOfMessagesSent',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmDescription: Match.stringLikeRegexp('fires for each new failure'),
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
        AlarmDescription: Match.stringLikeRegexp('docs/operations.md, "When the delivery alarm fires"'),
      });
    });

    it("raise an alarm on the report API's first 5xx answer, which Lambda's error metric does not count", () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'InvoiceReports',
        MetricName: 'ReportApiAnswers',
        Dimensions: [
          { Name: 'service', Value: 'invoice-reports' },
          { Name: 'statusClass', Value: '5xx' },
        ],
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmDescription: Match.stringLikeRegexp('502 when the invoicing service failed'),
      });
    });

    it('raise an alarm on a report whose reconciliation found a difference, saying how to find it', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'InvoiceReports',
        MetricName: 'ReconciliationDifferences',
        Dimensions: [{ Name: 'service', Value: 'invoice-reports' }],
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmDescription: Match.stringLikeRegexp('filter ReconciliationDifferences > 0'),
      });
    });

    it('raise an alarm when a fan-out execution fails or times out', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Metrics: Match.arrayWith([
          Match.objectLike({ Expression: 'failed + timedOut' }),
          Match.objectLike({
            Id: 'failed',
            MetricStat: Match.objectLike({
              Metric: Match.objectLike({
                Namespace: 'AWS/States',
                MetricName: 'ExecutionsFailed',
                Dimensions: [{ Name: 'StateMachineArn', Value: { Ref: stateMachine } }],
              }),
            }),
          }),
        ]),
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    });

    it('send every alarm to the topic, which emails the configured address', () => {
      // An error alarm per function (3), the fan-out, the dead-letter queue (2), the unconfirmed delivery,
      // the report API's 5xx answers and reconciliation differences.
      template.resourceCountIs('AWS::CloudWatch::Alarm', 9);
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

    it("let this account's alarms publish to the topic, whose policy replaces SNS's default one", () => {
      // A topic policy (here the one that refuses publishing without TLS) takes the place of the policy
      // SNS gives a new topic, which let the account's own services publish: without an Allow for
      // CloudWatch, every alarm's notification fails ("not authorized to perform: SNS:Publish").
      const topic = logicalIdOf(template, 'AWS::SNS::Topic');
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topic }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            {
              Sid: 'CloudWatchAlarmsOfThisAccount',
              Effect: 'Allow',
              Principal: { Service: 'cloudwatch.amazonaws.com' },
              Action: 'sns:Publish',
              Resource: { Ref: topic },
              Condition: {
                StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
                ArnLike: { 'aws:SourceArn': stackArn('cloudwatch', ':alarm:*') },
              },
            },
          ]),
        },
      });
    });
  });

  describe('generated secrets', () => {
    it('generates the operator token, the account token key and the link signing key under the configured names, retained on delete', () => {
      template.resourceCountIs('AWS::SecretsManager::Secret', 3);
      for (const name of [
        'invoice-reports/report-api-token',
        'invoice-reports/account-token-key',
        'invoice-reports/link-signing-key',
      ]) {
        template.hasResource('AWS::SecretsManager::Secret', {
          Properties: {
            Name: name,
            GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
          },
          DeletionPolicy: 'Retain',
          UpdateReplacePolicy: 'Retain',
        });
      }
    });

    it('starts no report function before the secrets it reads exist', () => {
      const functions = template.findResources('AWS::Lambda::Function') as Record<
        string,
        { DependsOn?: string[]; Properties: { Description: string } }
      >;
      const secrets = Object.keys(template.findResources('AWS::SecretsManager::Secret')).sort();
      for (const fn of Object.values(functions)) {
        if (fn.Properties.Description === DISPATCHER) continue;
        expect(fn.DependsOn, fn.Properties.Description).toEqual(expect.arrayContaining(secrets));
      }
    });
  });

  describe('dashboard', () => {
    /** The dashboard's body with every reference written `<LogicalId>`, parsed. */
    function dashboardBody(): { widgets: { properties: Record<string, unknown> }[] } {
      const body = new Capture();
      template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
        DashboardName: 'InvoiceReports',
        DashboardBody: body,
      });
      const [, parts] = (body.asObject() as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      const text = parts
        .map((part) => {
          if (typeof part === 'string') return part;
          const reference = part as TemplateReference;
          return `<${reference.Ref ?? reference['Fn::GetAtt']?.[0]}>`;
        })
        .join('');
      return JSON.parse(text);
    }

    it("shows every alarm's state", () => {
      const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
      const status = dashboardBody().widgets.find((widget) => widget.properties.title === 'Alarms');
      expect(status).toBeDefined();
      expect((status!.properties.alarms as string[]).sort()).toEqual(alarms.map((id) => `<${id}>`).sort());
    });

    it('graphs the metrics the functions publish, with the dimensions they publish them with', () => {
      const metrics = dashboardBody().widgets.flatMap(
        (widget) => (widget.properties.metrics as unknown[][] | undefined) ?? [],
      );
      const project = metrics.filter((metric) => metric[0] === 'InvoiceReports');
      const names = new Set(project.map((metric) => metric[1]));
      expect([...names].sort()).toEqual([
        'EmailsAlreadySent',
        'EmailsSent',
        'EmailsUnconfirmed',
        'ReconciliationDifferences',
        'RecordsFetched',
        'ReportApiAnswers',
        'ReportBuildSeconds',
        'ReportsBuilt',
      ]);
      // 3 kinds of period x 3 triggers.
      const built = project.filter((metric) => metric[1] === 'ReportsBuilt');
      expect(built).toHaveLength(9);
      expect(built).toContainEqual([
        'InvoiceReports',
        'ReportsBuilt',
        'kind',
        'quarter',
        'service',
        'invoice-reports',
        'trigger',
        'api',
        expect.objectContaining({ label: 'quarter, api' }),
      ]);
      const answers = project.filter((metric) => metric[1] === 'ReportApiAnswers').map((metric) => metric[5]);
      expect(answers).toEqual(['2xx', '3xx', '4xx', '5xx']);
    });

    it('is linked from an output', () => {
      template.hasOutput('DashboardUrl', {
        Value: Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('#dashboards:name=InvoiceReports$')])],
        }),
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

    it('outputs its URL, the bucket name, the function to invoke for a re-run and the fan-out to start for a slot', () => {
      template.hasOutput('ReportApiUrl', {
        Value: { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::Lambda::Url'), 'FunctionUrl'] },
      });
      template.hasOutput('ReportBucketName', { Value: { Ref: reportsBucket } });
      template.hasOutput('ScheduledReportFunctionName', { Value: { Ref: scheduledFunction } });
      template.hasOutput('FanOutStateMachineArn', { Value: { Ref: stateMachine } });
    });

    it("outputs the dead-letter queue's URL, which the README's steps read and delete a failed run's message with", () => {
      // An SQS queue's Ref is its URL, what `aws sqs receive-message --queue-url` takes.
      template.hasOutput('DeadLetterQueueUrl', { Value: { Ref: queue } });
    });

    it('reserves no concurrency, for it nor any function, so that an account whose Lambda quota is 10 deploys', () => {
      expect(reservedConcurrencyOf(template)).toEqual({});
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
      Resource: [sesArn('*@acme.example'), sesArn('accounting@acme.example'), sesArn('acme.example')],
    });
  });

  it('with sesAllowAnyIdentity, may send as any identity of the account in the SES region, in one entry', () => {
    const template = templateFor({
      accounts: [ACME, GLOBEX],
      sesAllowAnyIdentity: true,
      alarmEmail: 'ops@example.com',
    });
    expect(statementsOfFunction(template, SCHEDULED)).toContainEqual({
      Effect: 'Allow',
      Action: 'ses:SendRawEmail',
      Resource: stackArn('ses', ':identity/*'),
    });
  });

  it('bounds the fan-out by maxConcurrentReports', () => {
    const template = templateFor({
      accounts: [ACME],
      maxConcurrentReports: 3,
      alarmEmail: 'ops@example.com',
    });
    expect(definitionOf(template).States.EachAccount).toMatchObject({ MaxConcurrency: 3 });
  });

  it("gives a slot's execution time for every run of its largest slot, each with all its retries", () => {
    // A run with all its retries: 4 attempts of 15 minutes (3,600 s), failures' waits of 2 and 6 minutes
    // (480 s), the claim's 16 minutes (960 s) and Lambda's refusals' 1, 2 and 4 (420 s): 5,460 s. One
    // account at 3 at a time is one wave, and an hour more: 9,060 s. 25 accounts in one slot at 10 at a
    // time are 3 waves: 19,980 s.
    const one = templateFor({ accounts: [ACME], maxConcurrentReports: 3, alarmEmail: 'ops@example.com' });
    const many = templateFor({
      accounts: Array.from({ length: 25 }, (_, n) => ({
        ...ACME,
        name: `acme-${n}`,
        apiKeySecretName: `invoice-reports/accounts/acme-${n}/api-key`,
      })),
      maxConcurrentReports: 10,
      alarmEmail: 'ops@example.com',
    });
    expect(definitionOf(one).TimeoutSeconds).toBe(9_060);
    expect(definitionOf(many).TimeoutSeconds).toBe(19_980);
  });

  it('caps the report API at reportApiConcurrency, and no other function', () => {
    const template = templateFor({
      accounts: [ACME],
      reportApiConcurrency: 20,
      alarmEmail: 'ops@example.com',
    });
    expect(reservedConcurrencyOf(template)).toEqual({
      [logicalIdOf(template, 'AWS::Lambda::Function', { Description: API })]: 20,
    });
  });

  it('gives accounts at opposite fixed offsets (Etc/GMT-5 is UTC+5, Etc/GMT+5 is UTC-5) a schedule each', () => {
    const stack = stackFor({
      accounts: [
        { ...ACME, timezone: 'Etc/GMT-5' },
        { ...GLOBEX, timezone: 'Etc/GMT+5', schedule: { dayOfMonth: 1, hour: 6, minute: 0 } },
      ],
      alarmEmail: 'ops@example.com',
    });
    const schedules = Template.fromStack(stack.schedules.stacks[0]!);
    schedules.resourceCountIs('AWS::Scheduler::Schedule', 2);
    for (const zone of ['Etc/GMT-5', 'Etc/GMT+5']) {
      schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0 6 1 * ? *)',
        ScheduleExpressionTimezone: zone,
        Target: Match.objectLike({
          Input: `{"slot":"monthly 1 06:00 ${zone}","scheduledTime":"<aws.scheduler.scheduled-time>"}`,
        }),
      });
    }
  });
});
