import { App, CfnWaitConditionHandle, Stack } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import {
  AWS_LIMITS,
  atMostAsLong,
  checkDeployment,
  checkDeploymentLimits,
  environmentBytes,
  policyCharacters,
  timeZoneSpellingIssues,
} from '../../infra/deployment-limits';
import { ConfigError, parseDeploymentConfig, type ScheduleSlot } from '../../lib/config';

const SLOT: ScheduleSlot = {
  id: 'monthly 1 06:00 UTC',
  periodKind: 'month',
  timezone: 'UTC',
  dayOfMonth: 1,
  hour: 6,
  minute: 0,
  accounts: ['acme'],
};

/** The issues `checkDeploymentLimits` finds, as `path: message` lines (none when it passes). */
function issuesOf(
  root: Stack,
  environments: Map<Stack, Record<string, string>> = new Map(),
  slots: ScheduleSlot[] = [SLOT],
): string[] {
  try {
    checkDeploymentLimits(root, environments, slots);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
}

function withResources(count: number): Stack {
  const stack = new Stack(new App(), 'Big');
  for (let index = 0; index < count; index++) new CfnWaitConditionHandle(stack, `Handle${index}`);
  return stack;
}

describe('atMostAsLong', () => {
  it('puts each reference at its longest: pseudo parameters by their longest value, resources at 160', () => {
    expect(
      atMostAsLong({
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':s3:::', { 'Fn::GetAtt': ['Bucket', 'Arn'] }, '/*'],
          ],
        },
        Account: { Ref: 'AWS::AccountId' },
        List: ['plain', { Ref: 'Queue' }],
      }),
    ).toEqual({
      Resource: `arn:${'x'.repeat(10)}:s3:::${'x'.repeat(160)}/*`,
      Account: 'x'.repeat(12),
      List: ['plain', 'x'.repeat(160)],
    });
  });
});

describe('environmentBytes', () => {
  it('counts the variables as one JSON text, as Lambda does: a quote inside a value costs a backslash', () => {
    const stack = new Stack(new App(), 'Env');
    // {"A":"{\"a\":1}"} is 17 bytes; the raw value is 7.
    expect(environmentBytes(stack, { A: '{"a":1}' })).toBe(17);
  });
});

describe('policyCharacters', () => {
  it('counts the document without white space', () => {
    const stack = new Stack(new App(), 'Policy');
    expect(policyCharacters(stack, { Version: '2012-10-17', Statement: [] })).toBe(
      '{"Version":"2012-10-17","Statement":[]}'.length,
    );
  });
});

describe('checkDeploymentLimits', () => {
  it('passes a template at the limit, counting the metadata resource synthesis adds', () => {
    expect(issuesOf(withResources(AWS_LIMITS.templateResources - 1))).toEqual([]);
  });

  it('names a template over 500 resources', () => {
    expect(issuesOf(withResources(AWS_LIMITS.templateResources))).toEqual([
      'Big: holds 501 resources; a CloudFormation template holds at most 500',
    ]);
  });

  it("names a function whose environment passes Lambda's 4 KB", () => {
    const stack = new Stack(new App(), 'Fn');
    expect(issuesOf(stack, new Map([[stack, { CONFIG: 'x'.repeat(4090) }]]))).toEqual([
      'Fn: environment takes up to 4103 bytes; Lambda allows 4096',
    ]);
  });

  it("names a role whose inline policies pass IAM's 10,240 characters, and says what to do", () => {
    const stack = new Stack(new App(), 'Iam');
    const role = new Role(stack, 'Sender', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const identities = Array.from(
      { length: 200 },
      (_, index) => `arn:aws:ses:eu-west-1:123456789012:identity/merchant-${index}.example`,
    );
    role.addToPolicy(new PolicyStatement({ actions: ['ses:SendRawEmail'], resources: identities }));
    const issues = issuesOf(stack);
    expect(issues[0]).toMatch(
      /^Iam\/Sender\/Resource: inline policies take up to \d+ characters; IAM allows a role 10240/,
    );
    expect(issues[1]).toMatch(
      /^sesAllowAnyIdentity: each distinct SES identity .* or set "sesAllowAnyIdentity": true$/,
    );
  });

  it('names a role with more than the ten managed policies IAM attaches to one', () => {
    const stack = new Stack(new App(), 'Iam');
    const role = new Role(stack, 'Sender', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const policies = (count: number) => {
      for (let index = 0; index < count; index++) {
        new ManagedPolicy(stack, `Part${stack.node.children.length}`, {
          statements: [
            new PolicyStatement({
              actions: ['ses:SendRawEmail'],
              resources: [`arn:aws:ses:eu-west-1:123456789012:identity/merchant-${index}.example`],
            }),
          ],
          roles: [role],
        });
      }
    };
    policies(10);
    expect(issuesOf(stack)).toEqual([]);
    policies(1);
    const issues = issuesOf(stack);
    expect(issues[0]).toBe(
      'Iam/Sender/Resource: needs 11 managed policies; IAM attaches at most 10 to a role (see the hint below)',
    );
    expect(issues[1]).toMatch(/^sesAllowAnyIdentity: /);
  });

  it("names a slot with more accounts than one execution's history holds", () => {
    const crowded = { ...SLOT, accounts: Array.from({ length: 1001 }, (_, index) => `m-${index}`) };
    expect(issuesOf(new Stack(new App(), 'Slots'), new Map(), [crowded])).toEqual([
      'slot "monthly 1 06:00 UTC": has 1001 accounts; one slot runs at most 1000 (Step Functions keeps 25,000 history events per execution): give some of them another hour or minute',
    ]);
  });
});

const ACCOUNT = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/accounts/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@example.com'],
  sender: 'reports@example.com',
};

describe('timeZoneSpellingIssues', () => {
  it('names the spelling of a zone written in another case than aws-cdk-lib lists it', () => {
    expect(
      timeZoneSpellingIssues({
        accounts: [
          { timezone: 'Asia/Kolkata' },
          { timezone: 'ASIA/KOLKATA' },
          {},
          { timezone: 'Europe/KYIV' },
          { timezone: 'US/Eastern' },
        ],
      }),
    ).toEqual([
      { path: 'accounts[1].timezone', message: 'write the time zone as "Asia/Kolkata"' },
      { path: 'accounts[3].timezone', message: 'write the time zone as "Europe/Kyiv"' },
    ]);
  });
});

describe('checkDeployment', () => {
  it('refuses an all-capitals zone that the schema lets through, for a stack given a parsed configuration', () => {
    // The runtime calls Asia/Kolkata "Asia/Calcutta", so the schema cannot tell the name's spelling.
    const config = parseDeploymentConfig({
      accounts: [{ ...ACCOUNT, timezone: 'ASIA/KOLKATA' }],
      alarmEmail: 'ops@example.com',
    });
    expect(() => checkDeployment(config)).toThrow(ConfigError);
    expect(() => checkDeployment(config)).toThrow(
      'Invalid deployment configuration:\n  - accounts[0].timezone: write the time zone as "Asia/Kolkata"',
    );
  });
});
