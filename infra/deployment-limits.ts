import { CfnResource, Stack, TimeZone } from 'aws-cdk-lib';
import { CfnManagedPolicy, CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import {
  ConfigError,
  type DeploymentConfigParts,
  deployableConfigIssues,
  type FieldIssue,
  type ScheduleSlot,
} from '../lib/config';

/** aws-cdk-lib's time zone names (`TimeZone.ASIA_KOLKATA` is `Asia/Kolkata`), by their lower-case text. */
let cdkTimeZoneNames: ReadonlyMap<string, string> | undefined;

/**
 * Each account's time zone spelt in another case than aws-cdk-lib's list: the schema misses names such as
 * `ASIA/KOLKATA` (ICU's `Asia/Calcutta`), and the name goes to Scheduler and into reports as written.
 */
export function timeZoneSpellingIssues(config: Pick<DeploymentConfigParts, 'accounts'>): FieldIssue[] {
  cdkTimeZoneNames ??= new Map(
    Object.values(TimeZone)
      .filter((value): value is TimeZone => value instanceof TimeZone)
      .map((zone) => [zone.timezoneName.toLowerCase(), zone.timezoneName]),
  );
  return (config.accounts ?? []).flatMap(({ timezone }, index) => {
    const spelling = timezone === undefined ? undefined : cdkTimeZoneNames!.get(timezone.toLowerCase());
    if (spelling === undefined || spelling === timezone) return [];
    return [
      { path: `accounts[${index}].timezone`, message: `write the time zone as ${JSON.stringify(spelling)}` },
    ];
  });
}

/** What a deployment needs beyond the schema, on the fields that pass it (`loadDeploymentConfig`'s checks). */
export function deploymentIssues(config: DeploymentConfigParts): FieldIssue[] {
  return [...timeZoneSpellingIssues(config), ...deployableConfigIssues(config)];
}

/** @throws ConfigError naming each of `deploymentIssues` of a parsed configuration */
export function checkDeployment(config: DeploymentConfigParts): void {
  const issues = deploymentIssues(config);
  if (issues.length > 0) throw new ConfigError('Invalid deployment configuration', issues);
}

/** The AWS limits a deployment of a thousand accounts runs into first (PLATFORM-NOTES, "Limits met at scale"). */
export const AWS_LIMITS = {
  /** CloudFormation: resources in one template. */
  templateResources: 500,
  /** Lambda: a function's environment variables together, as one JSON text. */
  lambdaEnvironmentBytes: 4096,
  /** IAM: a role's inline policies together, white space not counted. */
  roleInlinePolicyCharacters: 10_240,
  /** IAM: one managed policy, white space not counted. */
  managedPolicyCharacters: 6_144,
  /** IAM: managed policies attached to one role (the default quota; it can be raised to 20). */
  managedPoliciesPerRole: 10,
  /**
   * The accounts one slot's execution may run, within a Standard workflow's 25,000 history events: an
   * account takes 9 events, 20 with two retries and a dead letter, 29 when the dead letter fails too. A
   * thousand failing runs fit (20,014); were the queue to fail as well, some 860 would, and a re-run of
   * the slot runs the rest. A distributed Map (a history per account) would lift the limit.
   */
  accountsPerSlot: 1000,
} as const;

/**
 * The longest text a pseudo parameter stands for (`aws-us-gov`, `ap-southeast-5`), and any other
 * reference: a name, ARN or URL unknown until deployment.
 */
const PSEUDO_PARAMETER_LENGTH: Readonly<Record<string, number>> = {
  'AWS::Partition': 10,
  'AWS::Region': 16,
  'AWS::AccountId': 12,
  'AWS::URLSuffix': 16,
};
const REFERENCE_LENGTH = 160;

/**
 * A resolved CloudFormation value with every reference replaced by a placeholder as long as the
 * longest text it can stand for: a size measured on it bounds the deployed one.
 */
export function atMostAsLong(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(atMostAsLong);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const [intrinsic, argument] = entries[0] ?? [];
  if (entries.length !== 1 || !(intrinsic === 'Ref' || intrinsic?.startsWith('Fn::'))) {
    return Object.fromEntries(entries.map(([key, member]) => [key, atMostAsLong(member)]));
  }
  if (intrinsic === 'Fn::Join' && Array.isArray(argument)) {
    const [separator, parts] = argument as [string, unknown[]];
    return parts.map((part) => String(atMostAsLong(part))).join(separator);
  }
  const length = intrinsic === 'Ref' ? PSEUDO_PARAMETER_LENGTH[String(argument)] : undefined;
  return 'x'.repeat(length ?? REFERENCE_LENGTH);
}

/** The bytes Lambda counts for these environment variables: one JSON text, every reference at its longest. */
export function environmentBytes(scope: IConstruct, variables: Readonly<Record<string, string>>): number {
  return Buffer.byteLength(JSON.stringify(atMostAsLong(Stack.of(scope).resolve(variables))));
}

/** The characters IAM counts for a policy document: its JSON without white space, references at their longest. */
export function policyCharacters(scope: IConstruct, document: unknown): number {
  return JSON.stringify(atMostAsLong(Stack.of(scope).resolve(document))).length;
}

/** How an issue names the figure over each limit. */
const OVER: { [K in keyof typeof AWS_LIMITS]: (figure: number, limit: number) => string } = {
  templateResources: (n, limit) => `holds ${n} resources; a CloudFormation template holds at most ${limit}`,
  lambdaEnvironmentBytes: (n, limit) => `environment takes up to ${n} bytes; Lambda allows ${limit}`,
  roleInlinePolicyCharacters: (n, limit) =>
    `inline policies take up to ${n} characters; IAM allows a role ${limit} (see the hint below)`,
  managedPolicyCharacters: (n, limit) =>
    `takes up to ${n} characters; a managed policy holds at most ${limit}`,
  managedPoliciesPerRole: (n, limit) =>
    `needs ${n} managed policies; IAM attaches at most ${limit} to a role (see the hint below)`,
  accountsPerSlot: (n, limit) =>
    `has ${n} accounts; one slot runs at most ${limit} (Step Functions keeps 25,000 history events per execution): give some of them another hour or minute`,
};

/** An issue at `path` when `figure` passes the limit. */
function over(path: string, limit: keyof typeof AWS_LIMITS, figure: number): FieldIssue[] {
  return figure > AWS_LIMITS[limit] ? [{ path, message: OVER[limit](figure, AWS_LIMITS[limit]) }] : [];
}

function templateIssues(root: IConstruct): FieldIssue[] {
  return root.node
    .findAll()
    .filter(Stack.isStack)
    .flatMap((stack) => {
      const resources = stack.node
        .findAll()
        .filter((child) => CfnResource.isCfnResource(child) && Stack.of(child) === stack);
      // And the metadata resource CDK adds to each template.
      return over(stack.node.path, 'templateResources', resources.length + 1);
    });
}

function policyIssues(root: IConstruct): FieldIssue[] {
  const rolePaths = new Map<string, string>();
  const inlineCharacters = new Map<string, number>();
  const managedPolicies = new Map<string, number>();
  const issues: FieldIssue[] = [];
  const add = (counts: Map<string, number>, key: string, amount: number) =>
    counts.set(key, (counts.get(key) ?? 0) + amount);
  for (const resource of root.node.findAll().filter(CfnResource.isCfnResource)) {
    const stack = Stack.of(resource);
    const keyOf = (logicalId: string) => `${stack.node.path} ${logicalId}`;
    const roleKeys = (roles: unknown): string[] =>
      ((stack.resolve(roles) ?? []) as { Ref?: unknown }[])
        .map((role) => role.Ref)
        .filter((logicalId): logicalId is string => typeof logicalId === 'string')
        .map(keyOf);
    if (resource instanceof CfnRole) {
      const key = keyOf(stack.getLogicalId(resource));
      rolePaths.set(key, resource.node.path);
      add(inlineCharacters, key, policyCharacters(resource, resource.policies ?? []));
    } else if (resource instanceof CfnPolicy) {
      const characters = policyCharacters(resource, resource.policyDocument);
      for (const key of roleKeys(resource.roles)) add(inlineCharacters, key, characters);
    } else if (resource instanceof CfnManagedPolicy) {
      const characters = policyCharacters(resource, resource.policyDocument);
      for (const key of roleKeys(resource.roles)) add(managedPolicies, key, 1);
      issues.push(...over(resource.node.path, 'managedPolicyCharacters', characters));
    }
  }
  const perRole = (counts: Map<string, number>, limit: keyof typeof AWS_LIMITS) =>
    [...counts].flatMap(([key, figure]) => over(rolePaths.get(key) ?? key, limit, figure));
  return [
    ...issues,
    ...perRole(managedPolicies, 'managedPoliciesPerRole'),
    ...perRole(inlineCharacters, 'roleInlinePolicyCharacters'),
  ];
}

/** What to do about a role's policy that is too long: only the SES grant grows with the accounts. */
const POLICY_HINT = {
  path: 'sesAllowAnyIdentity',
  message:
    'each distinct SES identity (senderIdentity, a verified sender address, and in the SES sandbox each recipient) is listed in the scheduled function\'s policies (its inline policy, then up to ten managed policies: some 350 sender domains in all): send from fewer identities (a domain identity covers its addresses and subdomains), or set "sesAllowAnyIdentity": true',
};

/**
 * Checks what AWS would refuse before anything is deployed: resources per template (nested stacks too),
 * each function's environment, each role's inline policies and each managed policy, and the accounts
 * of each schedule slot. References count at the longest they can be.
 *
 * @throws ConfigError naming each construct or slot over a limit, with the limit
 */
export function checkDeploymentLimits(
  root: IConstruct,
  environments: ReadonlyMap<IConstruct, Readonly<Record<string, string>>>,
  slots: readonly ScheduleSlot[],
): void {
  const policies = policyIssues(root);
  const issues = [
    ...templateIssues(root),
    ...[...environments].flatMap(([fn, variables]) =>
      over(fn.node.path, 'lambdaEnvironmentBytes', environmentBytes(fn, variables)),
    ),
    ...policies,
    ...(policies.length > 0 ? [POLICY_HINT] : []),
    ...slots.flatMap(({ id, accounts }) =>
      over(`slot ${JSON.stringify(id)}`, 'accountsPerSlot', accounts.length),
    ),
  ];
  if (issues.length > 0) throw new ConfigError('The deployment does not fit AWS limits', issues);
}
