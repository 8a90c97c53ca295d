import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ArnFormat,
  type CfnElement,
  type Duration,
  RemovalPolicy,
  Size,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BUILDS_FOLDER, MANIFEST_FILE_NAME, REBUILD_RECORD_FILE_NAME } from '../lib/delivery';
import { AWS_LIMITS } from './deployment-limits';
import { packResources } from './policy-packing';
import { REPO_ROOT } from './repo-root';

/** The S3 prefix every report object lives under (DESIGN.md, "S3 keys"). */
export const REPORT_PREFIX = 'reports/';

export interface ReportFunctionProps {
  /** Entry file relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  /** @default 1024 */
  memorySize?: number;
  timeout: Duration;
  /** @default RetentionDays.THREE_MONTHS */
  logRetention?: RetentionDays;
  /**
   * Whether the function builds reports: it then gets `REPORT_EPHEMERAL_STORAGE` of `/tmp`, where a report
   * is written before it is saved and where its rows are sorted (about 2.2 GB for a month of a million paid
   * invoices: the README's "Benchmark" works it out).
   * @default false: Lambda's 512 MB of `/tmp`
   */
  buildsReports?: boolean;
  /** Files put beside the bundled code (name to content), such as the deployment configuration. */
  bundledFiles?: Readonly<Record<string, string>>;
  /**
   * Reserved concurrency: the most instances at once, held for this function alone.
   * @default none: the function shares the AWS account's unreserved concurrency
   */
  reservedConcurrency?: number;
}

/**
 * How cdk-nag writes a resource in a finding's id: the ARN as the template has it, each reference as
 * `<Name>` or `<Name.Attribute>`. The partition, region and account are references in an
 * environment-agnostic stack and text in one whose region is known (as `cdk synth` with credentials).
 */
function findingText(scope: Construct, arn: string): string {
  const resolved = Stack.of(scope).resolve(arn) as unknown;
  const text = (part: unknown): string => {
    if (typeof part === 'string') return part;
    const reference = part as {
      Ref?: string;
      'Fn::GetAtt'?: [string, string];
      'Fn::Join'?: [string, unknown[]];
    };
    if (reference.Ref !== undefined) return `<${reference.Ref}>`;
    if (reference['Fn::GetAtt']) return `<${reference['Fn::GetAtt'].join('.')}>`;
    if (reference['Fn::Join']) return reference['Fn::Join'][1].map(text).join(reference['Fn::Join'][0]);
    throw new Error(`cannot name ${JSON.stringify(part)} as cdk-nag does`);
  };
  return text(resolved);
}

/**
 * Shell commands (bash locally, cmd on Windows) that copy each staged file into the bundle: Node is
 * there either way, where `cp` and `copy` are not.
 */
function copyCommands(staged: ReadonlyMap<string, string>, outputDir: string): string[] {
  return [...staged].map(
    ([name, path]) =>
      `node -e "require('node:fs').copyFileSync(process.argv[1], process.argv[2])" "${path}" "${join(outputDir, name)}"`,
  );
}

/**
 * Characters of the role's inline policy the SES grant may take: the rest of IAM's 10,240 holds the
 * role's other statements (logs, S3, secrets, the dead-letter queue: under 2,500 at their longest).
 */
const SES_INLINE_CHARACTERS = 6_000;

/** A managed policy's characters, less a margin for CDK's rendering of the statement. */
const MANAGED_POLICY_BUDGET = AWS_LIMITS.managedPolicyCharacters - 144;

/** `/tmp` of a function that builds reports: a month of about 1.5 million paid invoices, where Lambda's default 512 MB holds about 200,000. */
export const REPORT_EPHEMERAL_STORAGE = Size.gibibytes(4);

/**
 * A Lambda function of this project, with the fixed choices in one place: Node.js 22 on arm64, bundled
 * by the local esbuild (no Docker) as ESM, its own log group with a retention, and a role that holds
 * only what the grant helpers below add (no managed policy).
 */
export class ReportFunction extends Construct {
  readonly lambda: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  private readonly variables: Record<string, string> = { POWERTOOLS_SERVICE_NAME: 'invoice-reports' };

  constructor(scope: Construct, id: string, props: ReportFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    // Written to this function's log group only, instead of AWSLambdaBasicExecutionRole's any-log-group.
    this.logGroup.grantWrite(this.role);

    // Files for the bundle are staged on disk for the copy commands, which run while the function is
    // being defined (local bundling happens in the constructor), and removed right after.
    const stagingDir = props.bundledFiles
      ? mkdtempSync(join(tmpdir(), 'invoice-reports-bundle-'))
      : undefined;
    const staged = new Map<string, string>();
    for (const [name, content] of Object.entries(props.bundledFiles ?? {})) {
      const path = join(stagingDir!, name);
      writeFileSync(path, content);
      staged.set(name, path);
    }
    try {
      this.lambda = this.defineFunction(props, staged);
    } finally {
      if (stagingDir) rmSync(stagingDir, { recursive: true, force: true });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x, the runtime the code is built (esbuild target node22) and tested for; moving to a newer runtime is a deliberate, tested change.',
    });
  }

  private defineFunction(props: ReportFunctionProps, staged: ReadonlyMap<string, string>): NodejsFunction {
    return new NodejsFunction(this, 'Function', {
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
      // No NODE_OPTIONS=--enable-source-maps: Node would read the source map at every cold start
      // (about 20 ms); the map ships in the asset for reading a stack trace by hand.
      environment: { ...this.variables },
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
        // The tested SDK version ships with the code: the runtime's copy is older, and lib-storage,
        // the presigner and Powertools are not part of it anyway.
        bundleAwsSDK: true,
        // Everything is bundled, exceljs and nodemailer too: synth installs nothing, so a build host needs
        // no registry. Both are CommonJS, which esbuild wraps in functions run on first require: the code
        // loads each only when it writes a workbook or builds a message, so a cold start parses them
        // but runs neither.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) => copyCommands(staged, outputDir),
        },
      },
    });
  }

  /** The function's environment variables as the stack set them (references unresolved), for size checks. */
  get environment(): Readonly<Record<string, string>> {
    return this.variables;
  }

  /**
   * Adds environment variables: the function's runtime environment, as `toRuntimeEnv` builds it from
   * the configuration, the bucket and the report API's URL.
   */
  addEnvironment(variables: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(variables)) {
      this.variables[name] = value;
      this.lambda.addEnvironment(name, value);
    }
  }

  /**
   * Access to the reports bucket (its name reaches the function through `addEnvironment`): read report
   * objects (`reports/*`), list under `reports/` only, and write what `writes` says. `all` (the scheduled
   * run) writes and deletes any report object, delivery records included; `builds` (the report API,
   * which builds reports but never emails) writes a build's files, a period's manifest and an account's
   * rebuild record, and deletes builds' files only: never a delivery record, which decides whether an
   * email goes out. (A superseded report saved before builds had folders is left to the bucket's expiry.)
   *
   * The list permission is what makes S3 answer 404 rather than 403 for a report that does not exist
   * yet (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, "Permissions"); the
   * delivery code tells the two apart. S3 weighs it for such a read with the key as `s3:prefix`, so the
   * prefix condition keeps the 404 for keys under `reports/`.
   */
  useReportsBucket(bucket: IBucket, writes: 'all' | 'builds'): void {
    const objects = (pattern: string) => bucket.arnForObjects(`${REPORT_PREFIX}${pattern}`);
    if (writes === 'all') {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'ReportObjects',
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
          resources: [objects('*')],
        }),
      );
    } else {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ sid: 'ReportObjects', actions: ['s3:GetObject'], resources: [objects('*')] }),
      );
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'ReportBuilds',
          actions: ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
          resources: [objects(`*/${BUILDS_FOLDER}*`)],
        }),
      );
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'ReportManifests',
          actions: ['s3:PutObject'],
          resources: [objects(`*/${MANIFEST_FILE_NAME}`), objects(`*/${REBUILD_RECORD_FILE_NAME}`)],
        }),
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
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    const patterns =
      writes === 'all'
        ? ['*']
        : ['*', `*/${BUILDS_FOLDER}*`, `*/${MANIFEST_FILE_NAME}`, `*/${REBUILD_RECORD_FILE_NAME}`];
    for (const pattern of patterns) {
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${REPORT_PREFIX}${pattern}]`,
        reason: `Report objects are keyed ${REPORT_PREFIX}<account>/<period>/...; the function serves every account and period, under that prefix only.`,
      });
    }
  }

  /**
   * `secretsmanager:GetSecretValue` on these secrets only. Secrets Manager appends six random
   * characters to a secret's ARN, hence `-??????` (which matches exactly those six).
   */
  readSecrets(names: readonly string[]): void {
    if (names.length === 0) return;
    const resources = [...new Set(names)].sort().map((name) => this.secretArn(`${name}-??????`));
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources }),
    );
  }

  /**
   * `secretsmanager:GetSecretValue` on every secret whose name starts with `prefix` (the accounts' API
   * keys): one statement whatever the number of accounts, where one ARN per account would outgrow IAM's
   * policy size at a few hundred.
   */
  readSecretsUnder(prefix: string): void {
    const resource = this.secretArn(`${prefix}*`);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'AccountSecrets',
        actions: ['secretsmanager:GetSecretValue'],
        resources: [resource],
      }),
    );
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${findingText(this, resource)}]`,
      reason: `The accounts' API keys are the secrets under ${prefix} (the configuration requires it); the function serves every account, and the report API token and link signing key are outside the prefix.`,
    });
  }

  /**
   * `ses:SendRawEmail` as these SES identities (domains or addresses) only; a name may be a pattern such
   * as `*@acme.example` (every address identity of that domain). The identities that fit beside the
   * role's other statements go in its inline policy, the rest in managed policies of the role, as many as
   * they need (`checkDeploymentLimits` refuses more than IAM attaches to a role).
   */
  sendEmailAs(identities: readonly string[], region?: string): void {
    if (identities.length === 0) return;
    const names = [...new Set(identities)].sort();
    const resources = names.map((identity) => this.sesIdentityArn(identity, region));
    const statementOf = (group: string[]) =>
      new PolicyStatement({ actions: ['ses:SendRawEmail'], resources: group }).toStatementJson();
    const [inline = [], ...managed] = packResources(this, resources, statementOf, {
      firstBudget: SES_INLINE_CHARACTERS,
      budget: MANAGED_POLICY_BUDGET,
    });
    if (inline.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['ses:SendRawEmail'], resources: inline }),
      );
    }
    for (const [index, group] of managed.entries()) {
      new ManagedPolicy(this, `SendEmailAs${index + 1}`, {
        description: `Sends report emails as the accounts' SES identities (part ${index + 1} of ${managed.length})`,
        statements: [new PolicyStatement({ actions: ['ses:SendRawEmail'], resources: group })],
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

  /**
   * `ses:SendRawEmail` as any SES identity of this AWS account in the region: for more distinct sender
   * identities than an IAM policy can list (`sesAllowAnyIdentity`).
   */
  sendEmailAsAnyIdentity(region?: string): void {
    const resource = this.sesIdentityArn('*', region);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['ses:SendRawEmail'], resources: [resource] }),
    );
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${findingText(this, resource)}]`,
      reason:
        'Set by sesAllowAnyIdentity: more distinct sender identities than one policy can list. The code sends each account only from its configured sender; the grant still ends at this AWS account and region.',
    });
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
