import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, type Duration, RemovalPolicy, Size, Stack, Validations } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';
import { BUILDS_FOLDER, MANIFEST_FILE_NAME, REBUILD_RECORD_FILE_NAME } from '../lib/delivery';
import { AWS_LIMITS, policyCharacters } from './deployment-limits';

/** The repository's root folder: entry files, `package-lock.json` and config files are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The S3 prefix every report object lives under (DESIGN.md, "S3 keys"). */
const REPORT_PREFIX = 'reports/';

interface ReportFunctionProps {
  /** Entry file relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  /** @default 1024 */
  memorySize?: number;
  timeout: Duration;
  /** Gives the function `REPORT_EPHEMERAL_STORAGE` of `/tmp`, where reports are written and rows sorted. */
  buildsReports?: boolean;
  /** Files put beside the bundled code (name to content), such as the deployment configuration. */
  bundledFiles: Readonly<Record<string, string>>;
  /** @default none: the AWS account's unreserved concurrency */
  reservedConcurrency?: number;
}

/**
 * How cdk-nag writes a resource in a finding's id: the ARN as the template has it, each reference as
 * `<Name>` or `<Name.Attribute>`.
 */
function findingText(scope: Construct, arn: string): string {
  const text = (part: unknown): string => {
    if (typeof part === 'string') return part;
    const reference = part as { Ref?: string; 'Fn::GetAtt'?: string[]; 'Fn::Join'?: [string, unknown[]] };
    if (reference.Ref !== undefined) return `<${reference.Ref}>`;
    if (reference['Fn::GetAtt']) return `<${reference['Fn::GetAtt'].join('.')}>`;
    if (reference['Fn::Join']) return reference['Fn::Join'][1].map(text).join(reference['Fn::Join'][0]);
    throw new Error(`cannot name ${JSON.stringify(part)} as cdk-nag does`);
  };
  return text(Stack.of(scope).resolve(arn));
}

/** What the SES grant may take of the role's 10,240 inline characters; its other statements take under 2,500. */
const SES_INLINE_CHARACTERS = 6_000;
/** A managed policy's characters, less a margin for CDK's rendering of the statement. */
const MANAGED_POLICY_BUDGET = AWS_LIMITS.managedPolicyCharacters - 144;

/** `/tmp` of a function that builds reports: a month of about 1.5 million paid invoices (512 MB holds 200,000). */
const REPORT_EPHEMERAL_STORAGE = Size.gibibytes(4);

const sendEmail = (resources: string[]) => new PolicyStatement({ actions: ['ses:SendRawEmail'], resources });

/**
 * `resources` in groups of one `sendEmail` statement each, counted as IAM does (`policyCharacters`) with
 * the document around it: the first within `SES_INLINE_CHARACTERS` (it may be empty), the others within
 * `MANAGED_POLICY_BUDGET`.
 */
function sesGroups(scope: IConstruct, resources: readonly string[]): string[][] {
  const document = { Version: '2012-10-17', Statement: [sendEmail(['', '']).toStatementJson()] };
  // The document with two placeholder resources, less them: the frame every group pays once.
  const frame = policyCharacters(scope, document) - '"",""'.length;
  const groups: string[][] = [[]];
  let used = frame;
  for (const resource of resources) {
    const characters = policyCharacters(scope, resource) + 1;
    const budget = groups.length === 1 ? SES_INLINE_CHARACTERS : MANAGED_POLICY_BUDGET;
    if (used + characters > budget && (groups.at(-1)!.length > 0 || groups.length === 1)) {
      groups.push([]);
      used = frame;
    }
    groups.at(-1)!.push(resource);
    used += characters;
  }
  return groups;
}

/**
 * A Lambda function of this project: Node.js 22 on arm64, bundled by the local esbuild (no Docker) as
 * ESM, its own log group, and a role holding only what the grant helpers below add.
 */
export class ReportFunction extends Construct {
  readonly lambda: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** The variables as the stack set them (references unresolved), for size checks. */
  readonly environment: Record<string, string> = { POWERTOOLS_SERVICE_NAME: 'invoice-reports' };

  constructor(scope: Construct, id: string, props: ReportFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    // This log group only, instead of AWSLambdaBasicExecutionRole's any-log-group.
    this.logGroup.grantWrite(this.role);

    // Staged on disk for the copy commands, which run in NodejsFunction's constructor (local bundling).
    const stagingDir = mkdtempSync(join(tmpdir(), 'invoice-reports-bundle-'));
    const staged = Object.keys(props.bundledFiles);
    for (const name of staged) writeFileSync(join(stagingDir, name), props.bundledFiles[name]!);
    try {
      this.lambda = new NodejsFunction(this, 'Function', {
        entry: join(REPO_ROOT, props.entry),
        handler: 'handler',
        description: props.description,
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: props.memorySize ?? 1024,
        ephemeralStorageSize: props.buildsReports ? REPORT_EPHEMERAL_STORAGE : undefined,
        timeout: props.timeout,
        reservedConcurrentExecutions: props.reservedConcurrency,
        role: this.role,
        logGroup: this.logGroup,
        projectRoot: REPO_ROOT,
        depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
        // No NODE_OPTIONS=--enable-source-maps: reading the map costs about 20 ms of every cold start.
        environment: { ...this.environment },
        bundling: {
          format: OutputFormat.ESM,
          target: 'node22',
          mainFields: ['module', 'main'],
          // CommonJS dependencies bundled into an ES module still call `require` for Node's built-ins.
          banner:
            "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
          minify: true,
          sourceMap: true,
          sourcesContent: false,
          // The tested SDK version ships with the code; lib-storage, the presigner and Powertools are not
          // in the runtime anyway.
          bundleAwsSDK: true,
          // Everything is bundled, so synth needs no registry. exceljs and nodemailer are CommonJS, which
          // esbuild wraps to run on first require: a cold start parses them but runs neither.
          // The copy runs through node, there on every host where `cp` and `copy` are not.
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir, outputDir) =>
              staged.map(
                (name) =>
                  `node -e "require('node:fs').copyFileSync(process.argv[1], process.argv[2])" "${join(stagingDir, name)}" "${join(outputDir, name)}"`,
              ),
          },
        },
      });
    } finally {
      rmSync(stagingDir, { recursive: true, force: true });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x, the runtime the code is built (esbuild target node22) and tested for; moving to a newer runtime is a deliberate, tested change.',
    });
  }

  addEnvironment(variables: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(variables)) {
      this.environment[name] = value;
      this.lambda.addEnvironment(name, value);
    }
  }

  /** Adds `statement`, acknowledging cdk-nag's wildcard finding (IAM5) on each of its resources. */
  private grantWildcards(statement: PolicyStatement, reason: string): void {
    this.role.addToPrincipalPolicy(statement);
    for (const resource of statement.resources) {
      const id = `AwsSolutions-IAM5[Resource::${findingText(this, resource)}]`;
      Validations.of(this).acknowledge({ id, reason });
    }
  }

  /**
   * Reads report objects, lists under `reports/`, and writes: `all` (the scheduled run) any report
   * object; `builds` (the report API, which never emails) builds' files, manifests and rebuild records,
   * never a delivery record, which decides whether an email goes out.
   *
   * The list permission makes S3 answer 404 rather than 403 for a missing report (the delivery code tells
   * them apart); S3 weighs it with the key as `s3:prefix`, hence the prefix condition.
   * https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html
   */
  useReportsBucket(bucket: IBucket, writes: 'all' | 'builds'): void {
    const write = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];
    const grants: [sid: string, actions: string[], patterns: string[]][] =
      writes === 'all'
        ? [['ReportObjects', ['s3:GetObject', ...write], ['*']]]
        : [
            ['ReportObjects', ['s3:GetObject'], ['*']],
            ['ReportBuilds', write, [`*/${BUILDS_FOLDER}*`]],
            [
              'ReportManifests',
              ['s3:PutObject'],
              [`*/${MANIFEST_FILE_NAME}`, `*/${REBUILD_RECORD_FILE_NAME}`],
            ],
          ];
    for (const [sid, actions, patterns] of grants) {
      const resources = patterns.map((pattern) => bucket.arnForObjects(`${REPORT_PREFIX}${pattern}`));
      this.grantWildcards(
        new PolicyStatement({ sid, actions, resources }),
        `Report objects are keyed ${REPORT_PREFIX}<account>/<period>/...; the function serves every account and period, under that prefix only.`,
      );
    }
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ReportBucketListing',
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': `${REPORT_PREFIX}*` } },
      }),
    );
  }

  /**
   * `secretsmanager:GetSecretValue` under `prefix` (the accounts' API keys: one statement, where one ARN
   * per account would outgrow IAM's policy size at a few hundred), and on the secrets `names` (`-??????`
   * matches the six characters AWS appends).
   */
  readSecrets(prefix: string, names: readonly string[]): void {
    this.grantWildcards(
      new PolicyStatement({
        sid: 'AccountSecrets',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.secretArn(`${prefix}*`)],
      }),
      `The accounts' API keys are the secrets under ${prefix} (the configuration requires it); the function serves every account, and the report API token and link signing key are outside the prefix.`,
    );
    const resources = [...new Set(names)].sort().map((name) => this.secretArn(`${name}-??????`));
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources }),
    );
  }

  /**
   * `ses:SendRawEmail` as these SES identities (`*@domain` patterns allowed): those that fit in the inline
   * policy there, the rest in as many managed policies as they need (`checkDeploymentLimits` caps them).
   * `any` (`sesAllowAnyIdentity`): as any identity of the AWS account in the region.
   */
  sendEmailAs(identities: readonly string[] | 'any', region?: string): void {
    if (identities === 'any') {
      this.grantWildcards(
        sendEmail([this.sesIdentityArn('*', region)]),
        'Set by sesAllowAnyIdentity: more distinct sender identities than one policy can list. The code sends each account only from its configured sender; the grant still ends at this AWS account and region.',
      );
      return;
    }
    const names = [...new Set(identities)].sort();
    const resources = names.map((identity) => this.sesIdentityArn(identity, region));
    const [inline = [], ...managed] = sesGroups(this, resources);
    if (inline.length > 0) this.role.addToPrincipalPolicy(sendEmail(inline));
    for (const [index, group] of managed.entries()) {
      new ManagedPolicy(this, `SendEmailAs${index + 1}`, {
        description: `Sends report emails as the accounts' SES identities (part ${index + 1} of ${managed.length})`,
        statements: [sendEmail(group)],
        roles: [this.role],
      });
    }
    for (const pattern of names.filter((name) => name.startsWith('*@'))) {
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${findingText(this, this.sesIdentityArn(pattern, region))}]`,
        reason: `The address identities of ${pattern.slice(2)}, a sender domain: SES checks a sender address's own identity when it is verified, and one pattern per domain stays within IAM's policy size where one entry per address would not.`,
      });
    }
  }

  private secretArn(resourceName: string): string {
    return Stack.of(this).formatArn({
      service: 'secretsmanager',
      resource: 'secret',
      resourceName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  }

  private sesIdentityArn(identity: string, region: string | undefined): string {
    return Stack.of(this).formatArn({ service: 'ses', region, resource: 'identity', resourceName: identity });
  }
}
