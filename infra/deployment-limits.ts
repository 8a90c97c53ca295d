import { CfnResource, Stack } from 'aws-cdk-lib';
import { CfnManagedPolicy, CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import type { FieldIssue } from '../lib/config';
import { ConfigError, type ScheduleSlot } from '../lib/config';

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
   * The fan-out: the accounts one slot's execution may run. A Standard workflow keeps at most 25,000
   * history events; an account takes 9 in the Map and up to 20 with two retries and a dead letter (29
   * when the dead letter cannot be sent either, after its own retries), and a few more for each start
   * Lambda refused (`THROTTLED_RUN_RETRY_ATTEMPTS`). A thousand fit when every run fails and is
   * dead-lettered (20,014 events); were the queue to fail too, the history would run out after some 860,
   * and a re-run of the slot runs the rest (the README says so). Taking 860 as the limit instead would
   * make a firm with a thousand merchants in one zone split its schedule to guard against two outages at
   * once; a distributed Map (a history per account) would lift the limit altogether.
   */
  accountsPerSlot: 1000,
} as const;

/** Room for the metadata resource CDK adds to each template when it synthesizes. */
const SYNTH_ADDED_RESOURCES = 1;

/**
 * The longest text a pseudo parameter stands for (partitions such as `aws-us-gov`, regions such as
 * `ap-southeast-5`), and any other reference: a resource's name, ARN or URL unknown until deployment.
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
 * longest text it can stand for, so that a size measured on it is an upper bound of the deployed one.
 */
export function atMostAsLong(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(atMostAsLong);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const [first] = entries;
  if (entries.length === 1 && first !== undefined && (first[0] === 'Ref' || first[0].startsWith('Fn::'))) {
    const [intrinsic, argument] = first;
    if (intrinsic === 'Fn::Join' && Array.isArray(argument)) {
      const [separator, parts] = argument as [string, unknown[]];
      return parts.map((part) => String(atMostAsLong(part))).join(separator);
    }
    const length =
      intrinsic === 'Ref'
        ? (PSEUDO_PARAMETER_LENGTH[String(argument)] ?? REFERENCE_LENGTH)
        : REFERENCE_LENGTH;
    return 'x'.repeat(length);
  }
  return Object.fromEntries(entries.map(([key, member]) => [key, atMostAsLong(member)]));
}

/** The bytes Lambda counts for these environment variables: one JSON text, every reference at its longest. */
export function environmentBytes(scope: IConstruct, variables: Readonly<Record<string, string>>): number {
  return Buffer.byteLength(JSON.stringify(atMostAsLong(Stack.of(scope).resolve(variables))));
}

/** The characters IAM counts for a policy document: its JSON without white space, references at their longest. */
export function policyCharacters(scope: IConstruct, document: unknown): number {
  return JSON.stringify(atMostAsLong(Stack.of(scope).resolve(document))).length;
}

function cfnResourcesOf(stack: Stack): CfnResource[] {
  return stack.node
    .findAll()
    .filter((child): child is CfnResource => CfnResource.isCfnResource(child) && Stack.of(child) === stack);
}

function templateIssues(root: IConstruct): FieldIssue[] {
  const stacks = root.node.findAll().filter((child): child is Stack => Stack.isStack(child));
  return stacks.flatMap((stack) => {
    const count = cfnResourcesOf(stack).length + SYNTH_ADDED_RESOURCES;
    return count > AWS_LIMITS.templateResources
      ? [
          {
            path: stack.node.path,
            message: `holds ${count} resources; a CloudFormation template holds at most ${AWS_LIMITS.templateResources}`,
          },
        ]
      : [];
  });
}

function policyIssues(root: IConstruct): FieldIssue[] {
  const resources = root.node.findAll().filter(CfnResource.isCfnResource);
  const roleByKey = new Map<string, CfnRole>();
  const inlineCharacters = new Map<string, number>();
  const managedPolicies = new Map<string, number>();
  const issues: FieldIssue[] = [];
  const roleKeys = (stack: Stack, roles: unknown): string[] =>
    ((stack.resolve(roles) ?? []) as unknown[])
      .map((role) => (role as { Ref?: unknown }).Ref)
      .filter((logicalId): logicalId is string => typeof logicalId === 'string')
      .map((logicalId) => keyOf(stack, logicalId));
  const keyOf = (stack: Stack, logicalId: string) => `${stack.node.path} ${logicalId}`;
  for (const resource of resources) {
    const stack = Stack.of(resource);
    if (resource instanceof CfnRole) {
      const key = keyOf(stack, stack.getLogicalId(resource));
      roleByKey.set(key, resource);
      inlineCharacters.set(
        key,
        (inlineCharacters.get(key) ?? 0) + policyCharacters(resource, resource.policies ?? []),
      );
    } else if (resource instanceof CfnPolicy) {
      const characters = policyCharacters(resource, resource.policyDocument);
      for (const key of roleKeys(stack, resource.roles)) {
        inlineCharacters.set(key, (inlineCharacters.get(key) ?? 0) + characters);
      }
    } else if (resource instanceof CfnManagedPolicy) {
      const characters = policyCharacters(resource, resource.policyDocument);
      for (const key of roleKeys(stack, resource.roles)) {
        managedPolicies.set(key, (managedPolicies.get(key) ?? 0) + 1);
      }
      if (characters > AWS_LIMITS.managedPolicyCharacters) {
        issues.push({
          path: resource.node.path,
          message: `takes up to ${characters} characters; a managed policy holds at most ${AWS_LIMITS.managedPolicyCharacters}`,
        });
      }
    }
  }
  for (const [key, count] of managedPolicies) {
    if (count <= AWS_LIMITS.managedPoliciesPerRole) continue;
    issues.push({
      path: roleByKey.get(key)?.node.path ?? key,
      message: `needs ${count} managed policies; IAM attaches at most ${AWS_LIMITS.managedPoliciesPerRole} to a role (see the hint below)`,
    });
  }
  for (const [key, characters] of inlineCharacters) {
    if (characters <= AWS_LIMITS.roleInlinePolicyCharacters) continue;
    issues.push({
      path: roleByKey.get(key)?.node.path ?? key,
      message: `inline policies take up to ${characters} characters; IAM allows a role ${AWS_LIMITS.roleInlinePolicyCharacters} (see the hint below)`,
    });
  }
  return issues;
}

/** What to do about a role's policy that is too long: with this design, only the SES grant grows with the accounts. */
const POLICY_HINT = {
  path: 'sesAllowAnyIdentity',
  message:
    'each distinct SES identity (senderIdentity, a verified sender address, and in the SES sandbox each recipient) is listed in the scheduled function\'s policies (its inline policy, then up to ten managed policies: some 350 sender domains in all): send from fewer identities (a domain identity covers its addresses and subdomains), or set "sesAllowAnyIdentity": true',
};

/**
 * Checks what a deployment of this size would be refused for, before anything is deployed: resources per
 * template (every nested stack too), each function's environment as Lambda measures it, each role's
 * inline policies and each managed policy as IAM measures them, and the accounts of each schedule slot.
 * References (ARNs, names, URLs) count at the longest they can be.
 *
 * @param environments each function's variables by its construct path
 * @throws ConfigError naming each construct or slot over a limit, with the limit
 */
export function checkDeploymentLimits(
  root: IConstruct,
  environments: ReadonlyMap<IConstruct, Readonly<Record<string, string>>>,
  slots: readonly ScheduleSlot[],
): void {
  const issues = [...templateIssues(root)];
  for (const [fn, variables] of environments) {
    const bytes = environmentBytes(fn, variables);
    if (bytes > AWS_LIMITS.lambdaEnvironmentBytes) {
      issues.push({
        path: fn.node.path,
        message: `environment takes up to ${bytes} bytes; Lambda allows ${AWS_LIMITS.lambdaEnvironmentBytes}`,
      });
    }
  }
  const policies = policyIssues(root);
  issues.push(...policies);
  if (policies.length > 0) issues.push(POLICY_HINT);
  for (const slot of slots) {
    if (slot.accounts.length > AWS_LIMITS.accountsPerSlot) {
      issues.push({
        path: `slot ${JSON.stringify(slot.id)}`,
        message: `has ${slot.accounts.length} accounts; one slot runs at most ${AWS_LIMITS.accountsPerSlot} (Step Functions keeps 25,000 history events per execution): give some of them another hour or minute`,
      });
    }
  }
  if (issues.length > 0) throw new ConfigError('The deployment does not fit AWS limits', issues);
}
