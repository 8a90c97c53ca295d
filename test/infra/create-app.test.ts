import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../infra/create-app';
import { ConfigError, STACK_NAME } from '../../lib/config';
import { synthContext, testAppProps } from './test-app';

describe('createApp with the default configuration of cdk.json', () => {
  const { app, stack } = createApp(testAppProps());

  it('subscribes the example alarm address to the alarm topic', () => {
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('defines the stack for the example account', () => {
    expect(stack.stackName).toBe(STACK_NAME);
    Template.fromStack(stack.schedules.stacks[0]!).hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpressionTimezone: 'Europe/Berlin',
      Target: Match.objectLike({
        Input: '{"slot":"monthly 1 06:00 Europe/Berlin","scheduledTime":"<aws.scheduler.scheduled-time>"}',
      }),
    });
  });

  it('leaves no AwsSolutions finding unacknowledged, and synthesizes with the checks, without warnings', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map(
        (violation) => `${violation.ruleName} ${violation.violatingResources.map((r) => r.constructPath)}`,
      ),
    ).toEqual([]);
    expect(report.success).toBe(true);
    expect(() => app.synth({ force: true })).not.toThrow();
    Annotations.fromStack(stack).hasNoError('*', Match.anyValue());
    Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());
  });
});

describe('createApp for a known account and region (the CLI with credentials)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('acknowledges the same findings when ARNs hold the region and account as text', () => {
    vi.stubEnv('CDK_DEFAULT_ACCOUNT', '123456789012');
    vi.stubEnv('CDK_DEFAULT_REGION', 'eu-central-1');
    const { app, stack } = createApp(testAppProps());
    expect(stack.region).toBe('eu-central-1');
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });
});

describe('createApp rejects what it must', () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-app-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names every problem of the context in one message: a bad field, a missing one, a deployment check', () => {
    const context = synthContext() as { invoiceReports: { accounts: Record<string, unknown>[] } };
    const { alarmEmail, ...withoutAlarmEmail } = context.invoiceReports as Record<string, unknown>;
    expect(alarmEmail).toBe('ops@example.com');
    const [account] = context.invoiceReports.accounts;
    const invoiceReports = {
      ...withoutAlarmEmail,
      // Only its case tells ASIA/KOLKATA from the right spelling: the deployment check names it.
      accounts: [
        { ...account, timezone: 'Mars/Base' },
        { ...account, name: 'globex', timezone: 'ASIA/KOLKATA' },
      ],
    };
    const build = () => createApp({ ...testAppProps(), context: { ...context, invoiceReports } });
    expect(build).toThrow(ConfigError);
    expect(build).toThrow(
      [
        'Invalid context invoiceReports:',
        '  - accounts[0].timezone: unknown time zone "Mars/Base"',
        '  - alarmEmail: is required',
        '  - accounts[1].timezone: write the time zone as "Asia/Kolkata"',
      ].join('\n'),
    );
  });

  it('reads a config file named by the configFile context value instead', () => {
    const file = join(dir, 'two-accounts.json');
    writeFileSync(
      file,
      JSON.stringify({
        accounts: ['north', 'south'].map((name) => ({
          name,
          apiUrl: 'https://api.example.com',
          apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
          timezone: 'Asia/Tokyo',
          recipients: [`books@${name}.example`],
          sender: `reports@${name}.example`,
        })),
        alarmEmail: 'ops@example.com',
      }),
    );
    const { stack } = createApp(testAppProps({ configFile: file }));
    // Both accounts report at 06:00 on the 1st in Tokyo: one slot, one schedule.
    expect([...stack.schedules.schedules.keys()]).toEqual(['monthly 1 06:00 Asia/Tokyo']);
  });

  it('names every problem of a config file in one synth: a bad field, a rule between fields, a deployment check', () => {
    const file = join(dir, 'three-problems.json');
    const account = (name: string) => ({
      name,
      apiUrl: 'https://api.example.com',
      apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
      timezone: 'Europe/Berlin',
      recipients: [`books@${name}.example`],
      sender: `reports@${name}.example`,
    });
    writeFileSync(
      file,
      JSON.stringify({
        accounts: [
          { ...account('north'), timezone: 'Mars/Base' },
          { ...account('south'), senderIdentity: 'north.example' },
          { ...account('east'), apiKeySecretName: 'east-api-key' },
        ],
        alarmEmail: 'ops@example.com',
      }),
    );
    const build = () => createApp(testAppProps({ configFile: file }));
    expect(build).toThrow(ConfigError);
    expect(build).toThrow(
      [
        `Invalid configuration file ${file}:`,
        '  - accounts[0].timezone: unknown time zone "Mars/Base"',
        '  - accounts[1].senderIdentity: does not cover the sender address "reports@south.example"',
        '  - accounts[2].apiKeySecretName: must start with accountSecretPrefix "invoice-reports/accounts/": the functions may read account keys under it only (for example "invoice-reports/accounts/east/api-key")',
      ].join('\n'),
    );
  });

  it('catches a finding nobody acknowledged (the checks do run)', () => {
    const { app, stack } = createApp(testAppProps());
    new Role(stack, 'CarelessRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }).addToPolicy(
      new PolicyStatement({ actions: ['s3:*'], resources: ['*'] }),
    );
    const rules = new AwsSolutionsChecks()
      .validateScope(app)
      .violations.map((violation) => violation.ruleName);
    expect(rules).toEqual(['AwsSolutions-IAM5[Action::s3:*]', 'AwsSolutions-IAM5[Resource::*]']);
    expect(() => app.synth({ force: true })).toThrow();
  });
});
