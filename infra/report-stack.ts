import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  type AccountConfig,
  BUNDLED_CONFIG_FILE,
  type DeploymentConfig,
  domainOf,
  runtimeConfigDigest,
  runtimeConfigText,
  scheduleSlots,
  toRuntimeEnv,
} from '../lib/config';
import { checkDeployment, checkDeploymentLimits } from './deployment-limits';
import { ReportFanOut } from './report-fan-out';
import { ReportFunction } from './report-function';
import { addMonitoring, DASHBOARD_NAME } from './report-monitoring';
import { ReportSchedules } from './report-schedules';

/**
 * The SES identities the scheduled function may send as: each `senderIdentity`; for a domain identity
 * also `*@<domain>`, since SES checks a sender address's own identity when it is verified too (a pattern
 * per domain fits where an entry per address would not); in the SES sandbox each recipient too.
 */
function sesIdentityNames(accounts: readonly AccountConfig[], sandbox: boolean): string[] {
  return accounts.flatMap((account) => [
    account.senderIdentity,
    ...(account.senderIdentity.includes('@') ? [] : [`*@${domainOf(account.sender)}`]),
    ...(sandbox ? account.recipients : []),
  ]);
}

/** Private, encrypted, TLS only, ACLs off. */
const PRIVATE_BUCKET = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  // Reports are the merchant's records: `cdk destroy` leaves them (and their access logs) in place.
  removalPolicy: RemovalPolicy.RETAIN,
} as const;

/**
 * The reports bucket, expiring reports after `retentionDays`, and its access logs' bucket. SSE-S3 rather
 * than KMS: presigned links need no key grant, and there is no per-request KMS charge.
 */
function reportsBucket(scope: Construct, retentionDays: number): Bucket {
  const accessLogs = new Bucket(scope, 'AccessLogs', {
    ...PRIVATE_BUCKET,
    lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
  });
  Validations.of(accessLogs).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      "This bucket is the target of the reports bucket's server access logs; logging it too would need yet another bucket.",
  });
  return new Bucket(scope, 'Reports', {
    ...PRIVATE_BUCKET,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'reports-bucket/',
    lifecycleRules: [
      {
        id: 'expire-reports',
        expiration: Duration.days(retentionDays),
        abortIncompleteMultipartUploadAfter: Duration.days(1),
      },
    ],
  });
}

/**
 * The secrets the deployment owns, generated under the configured names, so that an operator creates only
 * the merchants' API-key secrets. Each is retained with the stack: a new value would end every account
 * token and emailed link made with the old one.
 */
function generatedSecrets(scope: Construct, config: DeploymentConfig): void {
  const secrets = {
    ReportApiToken: [
      config.reportApiTokenSecretName,
      "The report API's operator token (reads every account)",
    ],
    AccountTokenKey: [
      config.accountTokenKeySecretName,
      "The key each account's report API token is derived from",
    ],
    LinkSigningKey: [config.linkSigningKeySecretName, 'The key that signs the report links in emails'],
  };
  for (const [secretId, [secretName, description]] of Object.entries(secrets)) {
    const secret = new Secret(scope, secretId, {
      secretName,
      description: `invoice reports: ${description}`,
      // Letters and digits only, so that a value pastes into a shell or header: about 381 bits, above the
      // 32 bytes needed.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating this key ends every token or emailed link made with it, so it is rotated by an operator on purpose (docs/deploy.md, "Rotating the generated secrets"), not on a schedule.',
    });
  }
}

/** The scheduled report function's timeout, Lambda's longest: a year's report of a busy account takes minutes. */
const SCHEDULED_REPORT_TIMEOUT = Duration.minutes(15);

/**
 * The whole deployment, wired from the constructs and then checked against AWS's limits.
 * @throws ConfigError for what `checkDeployment` or `checkDeploymentLimits` finds
 */
export class ReportStack extends Stack {
  readonly scheduledReport: ReportFunction;
  readonly reportApi: ReportFunction;
  readonly dispatcher: ReportFunction;
  readonly fanOut: ReportFanOut;
  readonly schedules: ReportSchedules;

  constructor(scope: Construct, id: string, props: StackProps & { config: DeploymentConfig }) {
    super(scope, id, props);
    const { config } = props;
    // Synth names these with the configuration's other problems; a stack built otherwise is checked here.
    checkDeployment(config);
    const reports = reportsBucket(new Construct(this, 'Storage'), config.reportRetentionDays);
    const bucket = reports.bucketName;
    // The dead letters of the fan-out's runs, the scheduler's starts and operators' asynchronous runs.
    const failures = new Queue(new Construct(this, 'Failures'), 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter queue of the scheduled runs; nothing consumes it but an operator, so a further dead-letter queue would never receive anything.',
    });
    const secrets = new Construct(this, 'Secrets');
    generatedSecrets(secrets, config);
    // The configuration travels in each function's code: Lambda's 4 KB environment holds about ten
    // accounts, and a change of accounts needs a deployment anyway.
    const bundledFiles = { [BUNDLED_CONFIG_FILE]: runtimeConfigText(config) };

    this.reportApi = new ReportFunction(this, 'ReportApi', {
      entry: 'functions/report-api.ts',
      description: 'invoice reports: the HTTPS report API',
      timeout: Duration.minutes(5),
      buildsReports: true,
      bundledFiles,
      reservedConcurrency: config.reportApiConcurrency,
    });
    this.scheduledReport = new ReportFunction(this, 'ScheduledReport', {
      entry: 'functions/scheduled-report.ts',
      description: 'invoice reports: the scheduled report of an account',
      timeout: SCHEDULED_REPORT_TIMEOUT,
      buildsReports: true,
      bundledFiles,
    });
    this.dispatcher = new ReportFunction(this, 'Dispatcher', {
      entry: 'functions/dispatch-slot.ts',
      description: 'invoice reports: the accounts of a schedule slot, for the fan-out',
      memorySize: 256,
      timeout: Duration.seconds(30),
      bundledFiles,
    });

    this.scheduledReport.useReportsBucket(reports, 'all');
    this.reportApi.useReportsBucket(reports, 'builds');
    this.reportApi.readSecrets(config.accountSecretPrefix, [
      config.reportApiTokenSecretName,
      config.accountTokenKeySecretName,
      config.linkSigningKeySecretName,
    ]);
    this.scheduledReport.readSecrets(config.accountSecretPrefix, [config.linkSigningKeySecretName]);
    // No function starts before the secrets it reads exist.
    for (const fn of [this.reportApi, this.scheduledReport]) fn.lambda.node.addDependency(secrets);
    const identities = config.sesAllowAnyIdentity
      ? 'any'
      : sesIdentityNames(config.accounts, config.sesSandbox);
    this.scheduledReport.sendEmailAs(identities, config.sesRegion);

    // A Function URL: no API Gateway 29-second limit on building a report. No IAM auth: a mail client
    // following a link cannot sign; the app checks tokens and link signatures itself.
    const url = this.reportApi.lambda.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      invokeMode: InvokeMode.BUFFERED,
    });
    // The report API uses the request's origin (its own URL would be a circular reference). The digest
    // marks the bundled file as checked here, so that no cold start checks it again.
    const configDigest = runtimeConfigDigest(config);
    this.reportApi.addEnvironment(toRuntimeEnv({ bucket, configDigest }));
    this.scheduledReport.addEnvironment(toRuntimeEnv({ bucket, reportApiUrl: url.url, configDigest }));
    this.dispatcher.addEnvironment(toRuntimeEnv({ configDigest }));

    // An operator's asynchronous run; the fan-out invokes synchronously with retries of its own.
    this.scheduledReport.lambda.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(failures),
    });
    const slots = scheduleSlots(config.accounts);
    this.fanOut = new ReportFanOut(this, 'FanOut', {
      dispatcher: this.dispatcher.lambda,
      report: this.scheduledReport.lambda,
      deadLetterQueue: failures,
      maxConcurrency: config.maxConcurrentReports,
      runTimeout: SCHEDULED_REPORT_TIMEOUT,
      largestSlot: Math.max(0, ...slots.map((slot) => slot.accounts.length)),
    });
    this.schedules = new ReportSchedules(this, 'Schedules', {
      slots,
      target: this.fanOut.stateMachine,
      deadLetterQueue: failures,
    });
    addMonitoring(this, {
      functions: {
        ScheduledReport: this.scheduledReport.lambda,
        ReportApi: this.reportApi.lambda,
        Dispatcher: this.dispatcher.lambda,
      },
      fanOut: this.fanOut.stateMachine,
      deadLetterQueue: failures,
      deliveryLogGroup: this.scheduledReport.logGroup,
      alarmEmail: config.alarmEmail,
    });

    const outputs: Record<string, [value: string, description: string]> = {
      ReportApiUrl: [url.url, 'Base URL of the report API'],
      ReportBucketName: [bucket, 'Bucket holding the reports'],
      ScheduledReportFunctionName: [
        this.scheduledReport.lambda.functionName,
        'Invoke it with {"account","period","force"} to re-run or resend a month, a quarter or a year',
      ],
      FanOutStateMachineArn: [
        this.fanOut.stateMachine.stateMachineArn,
        'Start it with {"slot"} to re-run a schedule slot (nothing is emailed twice)',
      ],
      DashboardUrl: [
        `https://console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=${DASHBOARD_NAME}`,
        'The CloudWatch dashboard: reports, emails, report API answers, alarms',
      ],
      DeadLetterQueueUrl: [
        failures.queueUrl,
        'The failed runs: read each message, re-run its account or slot, then delete it',
      ],
    };
    for (const [id, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, id, { value, description });
    }

    checkDeploymentLimits(
      this,
      new Map([this.reportApi, this.scheduledReport, this.dispatcher].map((fn) => [fn, fn.environment])),
      slots,
    );
  }
}
