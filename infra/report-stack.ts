import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Construct } from 'constructs';
import {
  type AccountConfig,
  ConfigError,
  type DeploymentConfig,
  RUNTIME_ENV,
  toRuntimeEnv,
} from '../lib/config';
import { FailureQueue } from './failure-queue';
import { ReportAlarms } from './report-alarms';
import { ReportFunction } from './report-function';
import { ReportSchedules } from './report-schedules';
import { ReportsBucket } from './reports-bucket';

export interface ReportStackProps extends StackProps {
  config: DeploymentConfig;
}

/** Lambda allows 4 KB of environment variables per function, names and values together. */
const LAMBDA_ENVIRONMENT_LIMIT_BYTES = 4096;
/** Room kept for the other variables (bucket name, report API URL, NODE_OPTIONS...). */
const OTHER_VARIABLES_BYTES = 512;

/**
 * Refuses a configuration whose JSON (`REPORT_CONFIG`) leaves less than `OTHER_VARIABLES_BYTES` of a
 * function's environment for the other variables. An estimate: Lambda measures all variables together
 * as one JSON text, quotes escaped, and the bucket name and the URL are unresolved tokens at synth time.
 */
function checkEnvironmentSize(env: Readonly<Record<string, string>>): void {
  const bytes = Buffer.byteLength(env[RUNTIME_ENV.config] ?? '');
  if (bytes > LAMBDA_ENVIRONMENT_LIMIT_BYTES - OTHER_VARIABLES_BYTES) {
    throw new ConfigError('Invalid deployment configuration', [
      {
        path: 'accounts',
        message: `take ${bytes} bytes as JSON, more than fits in a Lambda function's 4 KB environment; deploy the accounts in several stacks (-c configFile=...)`,
      },
    ]);
  }
}

/** The SES identities a function may send as: the configured identity, the sender address, and in the sandbox the recipients. */
function sesIdentities(accounts: readonly AccountConfig[], sandbox: boolean): string[] {
  return accounts.flatMap((account) => [
    account.senderIdentity,
    // SES authorizes against the most specific verified identity: the address itself when it is verified.
    account.sender,
    ...(sandbox ? account.recipients : []),
  ]);
}

/**
 * The whole deployment: the reports bucket, the scheduled and the HTTPS functions, a schedule per
 * account, the dead-letter queue and the alarms. It only wires the constructs together.
 */
export class ReportStack extends Stack {
  readonly reports: ReportsBucket;
  readonly scheduledReport: ReportFunction;
  readonly reportApi: ReportFunction;

  constructor(scope: Construct, id: string, props: ReportStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.reports = new ReportsBucket(this, 'Storage', { retentionDays: config.reportRetentionDays });
    const bucket = this.reports.bucket.bucketName;
    const runtimeEnv = toRuntimeEnv(config, { bucket });
    checkEnvironmentSize(runtimeEnv);
    const failures = new FailureQueue(this, 'Failures');

    this.reportApi = new ReportFunction(this, 'ReportApi', {
      entry: 'functions/report-api.ts',
      description: 'invoice reports: the HTTPS report API',
      timeout: Duration.minutes(5),
    });
    this.scheduledReport = new ReportFunction(this, 'ScheduledReport', {
      entry: 'functions/scheduled-report.ts',
      description: 'invoice reports: the monthly report of an account',
      timeout: Duration.minutes(15),
    });

    const accountKeySecrets = config.accounts.map((account) => account.apiKeySecretName);
    for (const fn of [this.reportApi, this.scheduledReport]) fn.useReportsBucket(this.reports.bucket);
    this.reportApi.readSecrets([
      ...accountKeySecrets,
      config.reportApiTokenSecretName,
      config.linkSigningKeySecretName,
    ]);
    // The scheduled run signs the links it emails.
    this.scheduledReport.readSecrets([...accountKeySecrets, config.linkSigningKeySecretName]);
    this.scheduledReport.sendEmailAs(sesIdentities(config.accounts, config.sesSandbox), config.sesRegion);

    // A Function URL rather than API Gateway: no 29-second integration limit on building a report.
    // No IAM auth: the app checks bearer tokens and link signatures itself, since a mail client
    // following an emailed link cannot sign its request. (No AwsSolutions rule covers Function URLs.)
    const url = this.reportApi.lambda.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      invokeMode: InvokeMode.BUFFERED,
    });
    // The report API cannot be given its own URL (a circular reference); it uses the request's origin.
    this.reportApi.addEnvironment(runtimeEnv);
    this.scheduledReport.addEnvironment(toRuntimeEnv(config, { bucket, reportApiUrl: url.url }));

    // A run that throws is retried twice by Lambda, then its event lands in the dead-letter queue.
    this.scheduledReport.lambda.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(failures.queue),
    });
    new ReportSchedules(this, 'Schedules', {
      accounts: config.accounts,
      target: this.scheduledReport.lambda,
      deadLetterQueue: failures.queue,
    });
    new ReportAlarms(this, 'Alarms', {
      functions: { ScheduledReport: this.scheduledReport.lambda, ReportApi: this.reportApi.lambda },
      deadLetterQueue: failures.queue,
      deliveryLogGroups: [this.scheduledReport.logGroup],
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'ReportApiUrl', { value: url.url, description: 'Base URL of the report API' });
    new CfnOutput(this, 'ReportBucketName', {
      value: this.reports.bucket.bucketName,
      description: 'Bucket holding the reports',
    });
    new CfnOutput(this, 'ScheduledReportFunctionName', {
      value: this.scheduledReport.lambda.functionName,
      description: 'Invoke it with {"account","month","force"} to re-run or resend a month',
    });
  }
}
