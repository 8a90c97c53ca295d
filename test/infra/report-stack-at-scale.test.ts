import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../infra/create-app';
import { atMostAsLong, environmentBytes } from '../../infra/deployment-limits';
import type { ReportStack } from '../../infra/report-stack';
import { ConfigError, type DeploymentConfig, parseDeploymentConfig } from '../../lib/config';
import { dispatchSlot, slotIndex } from '../../lib/pipeline';
import { generatedAccounts } from '../support/generated-accounts';
import { testAppProps } from './test-app';

const ACCOUNTS = 1000;
/** CloudFormation reads a template of at most 1 MB (from S3). */
const TEMPLATE_BYTES = 1_000_000;
const SLOW = 90_000;

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

describe(`ReportStack with ${ACCOUNTS} generated accounts, every tenth with its own sender domain, read from -c configFile`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-scale-'));
  let app: App;
  let stack: ReportStack;
  let config: DeploymentConfig;
  let templates: Map<string, Template>;

  /** Synthesizes the app for a configuration file of these accounts, as `cdk synth -c configFile=...` does. */
  function synthesize(name: string, input: object): { app: App; stack: ReportStack } {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(input));
    return createApp(testAppProps({ configFile: file }));
  }

  beforeAll(() => {
    const input = {
      accounts: generatedAccounts(ACCOUNTS, { ownSenderDomainEvery: 10 }),
      alarmEmail: 'ops@example.com',
    };
    config = parseDeploymentConfig(input);
    ({ app, stack } = synthesize('thousand.json', input));
    templates = new Map([
      [stack.stackName, Template.fromStack(stack)],
      ...stack.schedules.stacks.map((nested) => [nested.node.path, Template.fromStack(nested)] as const),
    ]);
  }, SLOW);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('spreads the schedules over nested stacks, every template within 500 resources and 1 MB', () => {
    const slots = stack.schedules.schedules.size;
    // 24 zones x 3 days x 4 hours x 2 minutes, less the combinations the 1,000 do not reach, plus yearly slots.
    expect(slots).toBeGreaterThan(400);
    expect(stack.schedules.stacks).toHaveLength(Math.ceil(slots / 400));
    for (const [name, template] of templates) {
      const json = template.toJSON();
      expect(Object.keys(json.Resources).length, name).toBeLessThanOrEqual(500);
      expect(Buffer.byteLength(JSON.stringify(json)), name).toBeLessThan(TEMPLATE_BYTES);
    }
  });

  it('keeps every function environment as small as with one account: the accounts are in the bundled file', () => {
    for (const fn of [stack.scheduledReport, stack.reportApi, stack.dispatcher]) {
      expect(environmentBytes(fn, fn.environment), fn.node.path).toBeLessThan(1024);
      expect(Object.keys(fn.environment)).not.toContain('REPORT_CONFIG');
    }
  });

  it("keeps each role's inline policies within IAM's 10,240 characters, references at their longest", () => {
    const byRole = new Map<string, number>();
    const resources = templates.get(stack.stackName)!.toJSON().Resources as Resources;
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const characters = JSON.stringify(atMostAsLong(resource.Properties.PolicyDocument)).length;
      for (const role of resource.Properties.Roles as { Ref: string }[]) {
        byRole.set(role.Ref, (byRole.get(role.Ref) ?? 0) + characters);
      }
    }
    expect(byRole.size).toBe(5);
    for (const [role, characters] of byRole) expect(characters, role).toBeLessThanOrEqual(10_240);
  });

  it('grants the scheduled run each sender domain, beyond its inline policy in managed policies of at most 6,144 characters, at most ten', () => {
    const resources = templates.get(stack.stackName)!.toJSON().Resources as Resources;
    const managed = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::IAM::ManagedPolicy',
    );
    expect(managed.length).toBeGreaterThan(0);
    const perRole = new Map<string, number>();
    const granted: string[] = [];
    for (const policy of managed) {
      const document = atMostAsLong(policy.Properties.PolicyDocument) as {
        Statement: { Action: string; Resource: string[] }[];
      };
      expect(JSON.stringify(document).length).toBeLessThanOrEqual(6_144);
      for (const statement of document.Statement) {
        expect(statement.Action).toBe('ses:SendRawEmail');
        granted.push(...statement.Resource);
      }
      for (const role of policy.Properties.Roles as { Ref: string }[]) {
        perRole.set(role.Ref, (perRole.get(role.Ref) ?? 0) + 1);
      }
    }
    expect(perRole.size).toBe(1);
    for (const [role, count] of perRole) expect(count, role).toBeLessThanOrEqual(10);
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const document = atMostAsLong(resource.Properties.PolicyDocument) as {
        Statement: { Action: string | string[]; Resource: string | string[] }[];
      };
      for (const statement of document.Statement) {
        if (statement.Action === 'ses:SendRawEmail') granted.push(...[statement.Resource].flat());
      }
    }
    // 25 shared domains and 100 own ones, each as a domain identity and as its addresses' pattern.
    const identities = granted.map((arn) => arn.slice(arn.indexOf(':identity/') + ':identity/'.length));
    expect(identities).toHaveLength(250);
    expect(new Set(identities).size).toBe(250);
    expect(identities).toContain('mail.merchant-0991.example');
    expect(identities).toContain('*@mail.merchant-0001.example');
    expect(identities).toContain('reports-24.example');
    expect(identities).not.toContain('*');
  });

  it('reaches every account through exactly one monthly slot, and each yearly account through one yearly slot', () => {
    const slots = slotIndex(config);
    const monthly: string[] = [];
    const yearly: string[] = [];
    for (const template of templates.values()) {
      const schedules = Object.values(
        template.findResources('AWS::Scheduler::Schedule'),
      ) as Resources[string][];
      for (const schedule of schedules) {
        const target = schedule.Properties.Target as { Input: string };
        const { slot } = JSON.parse(target.Input) as { slot: string };
        expect(schedule.Properties.ScheduleExpressionTimezone).toBe(slots.get(slot)?.timezone);
        const firedAt = '2027-01-01T05:00:00Z';
        const { runs } = dispatchSlot({ slot, scheduledTime: firedAt }, slots, () => new Date(firedAt));
        for (const run of runs) (run.periodKind === 'year' ? yearly : monthly).push(run.account);
      }
    }
    const names = config.accounts.map((account) => account.name).sort();
    expect(monthly.sort()).toEqual(names);
    // Every fourth account asked for a yearly report: merchant-0001, merchant-0005, ...
    expect(yearly.sort()).toEqual(names.filter((_, index) => index % 4 === 0));
  });

  it('leaves no AwsSolutions finding unacknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it(
    'refuses 1,000 accounts on 1,000 sender domains, naming the role and the way out',
    () => {
      const input = {
        accounts: generatedAccounts(ACCOUNTS, { senderDomains: ACCOUNTS }),
        alarmEmail: 'ops@example.com',
      };
      // One synthesis of 1,000 accounts takes seconds: the refusal is caught once and checked twice.
      const refusal = (() => {
        try {
          synthesize('thousand-domains.json', input);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toMatch(
        /InvoiceReports\/ScheduledReport\/Role\/Resource: needs \d+ managed policies; IAM attaches at most 10 to a role/,
      );
      const { stack: anyIdentity } = synthesize('thousand-domains-any-identity.json', {
        ...input,
        sesAllowAnyIdentity: true,
      });
      expect(anyIdentity.schedules.schedules.size).toBe(stack.schedules.schedules.size);
    },
    SLOW,
  );
});
