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
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
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
   * `/tmp`, where a report is written before it is saved and where its rows are sorted: about 2.2 GB for
   * a month of a million paid invoices (the README's "Benchmark" works it out).
   * @default REPORT_EPHEMERAL_STORAGE (4 GiB)
   */
  ephemeralStorageSize?: Size;
}

/** `/tmp` of each function: a month of about 1.5 million paid invoices, where Lambda's default 512 MB holds about 200,000. */
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

    this.lambda = new NodejsFunction(this, 'Function', {
      entry: join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      ephemeralStorageSize: props.ephemeralStorageSize ?? REPORT_EPHEMERAL_STORAGE,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'invoice-reports',
      },
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
        // Installed beside the bundle rather than bundled: exceljs alone is about 1 MB minified, and the
        // code loads it only when it writes a workbook, so a cold start that writes none skips it.
        nodeModules: ['exceljs'],
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x, the runtime the code is built (esbuild target node22) and tested for; moving to a newer runtime is a deliberate, tested change.',
    });
  }

  /**
   * Adds environment variables: the function's runtime environment, as `toRuntimeEnv` builds it from
   * the configuration, the bucket and the report API's URL.
   */
  addEnvironment(variables: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(variables)) this.lambda.addEnvironment(name, value);
  }

  /**
   * Read, write and delete report objects (`reports/*`), and list the bucket (its name reaches the
   * function through `addEnvironment`).
   * The list permission is what makes S3 answer 404 rather than 403 for a report that does not exist
   * yet (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, "Permissions"); the
   * delivery code tells the two apart. The bucket holds nothing but reports.
   */
  useReportsBucket(bucket: IBucket): void {
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ReportObjects',
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
        resources: [bucket.arnForObjects(`${REPORT_PREFIX}*`)],
      }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ReportBucketListing',
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${REPORT_PREFIX}*]`,
      reason: `Report objects are keyed ${REPORT_PREFIX}<account>/<month>/<file>; the function serves every account and month, under that prefix only.`,
    });
  }

  /**
   * `secretsmanager:GetSecretValue` on these secrets only. Secrets Manager appends six random
   * characters to a secret's ARN, hence `-??????` (which matches exactly those six).
   */
  readSecrets(names: readonly string[]): void {
    if (names.length === 0) return;
    const stack = Stack.of(this);
    const resources = [...new Set(names)].sort().map((name) =>
      stack.formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: `${name}-??????`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources }),
    );
  }

  /** `ses:SendRawEmail` as these SES identities (domains or addresses) only. */
  sendEmailAs(identities: readonly string[], region?: string): void {
    if (identities.length === 0) return;
    const stack = Stack.of(this);
    const resources = [...new Set(identities)]
      .sort()
      .map((identity) =>
        stack.formatArn({ service: 'ses', region, resource: 'identity', resourceName: identity }),
      );
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendRawEmail'], resources }));
  }
}
