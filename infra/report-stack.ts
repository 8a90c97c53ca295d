import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, InvokeMode } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Construct } from 'constructs';
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
import { checkDeployment } from './deployment-checks';
import { checkDeploymentLimits } from './deployment-limits';
import { FailureQueue } from './failure-queue';
import { GeneratedSecrets } from './generated-secrets';
import { ReportAlarms } from './report-alarms';
import { DASHBOARD_NAME, ReportDashboard } from './report-dashboard';
import { ReportFanOut } from './report-fan-out';
import { ReportFunction } from './report-function';
import { ReportSchedules } from './report-schedules';
import { ReportsBucket } from './reports-bucket';

export interface ReportStackProps extends StackProps {
  config: DeploymentConfig;
}

/**
 * The SES identities the scheduled function may send as, as IAM resource names: each account's
 * `senderIdentity`; for a domain identity also `*@<the sender's domain>`, since SES checks the sender
 * address's own identity when that address is verified too (a pattern per domain rather than an entry per
 * address, which a thousand accounts would not fit; the domain identity already lets the function send as
 * any address there); and in the SES sandbox each recipient, whose identity SES checks as well.
 */
function sesIdentityNames(accounts: readonly AccountConfig[], sandbox: boolean): string[] {
  return accounts.flatMap((account) => [
    account.senderIdentity,
    ...(account.senderIdentity.includes('@') ? [] : [`*@${domainOf(account.sender)}`]),
    ...(sandbox ? account.recipients : []),
  ]);
}

/** The scheduled report function's timeout, Lambda's longest: a year's report of a busy account takes minutes. */
const SCHEDULED_REPORT_TIMEOUT = Duration.minutes(15);

/**
 * The whole deployment: the reports bucket; the report API, the scheduled report and the slot dispatcher
 * functions, each with the configuration bundled beside its code; a schedule per schedule slot and the
 * fan-out they start; the dead-letter queue and the alarms. It only wires the constructs together, then
 * checks the result against AWS's limits.
 *
 * @throws ConfigError for account secrets outside `accountSecretPrefix`, a schedule the clocks skip or a
 * time zone spelt in another case (`checkDeployment`), or naming each template, function, role or slot
 * over an AWS limit
 */
export class ReportStack extends Stack {
  readonly reports: ReportsBucket;
  readonly scheduledReport: ReportFunction;
  readonly reportApi: ReportFunction;
  readonly dispatcher: ReportFunction;
  readonly fanOut: ReportFanOut;
  readonly schedules: ReportSchedules;
  readonly secrets: GeneratedSecrets;

  constructor(scope: Construct, id: string, props: ReportStackProps) {
    super(scope, id, props);
    const { config } = props;
    // Synth named these with the configuration's other problems; a stack built from a configuration of
    // its own (a test, another app) is checked here.
    checkDeployment(config);
    this.reports = new ReportsBucket(this, 'Storage', { retentionDays: config.reportRetentionDays });
    const bucket = this.reports.bucket.bucketName;
    const failures = new FailureQueue(this, 'Failures');
    // The keys the deployment owns, generated under the configured names: a first deploy needs only the
    // merchants' API-key secrets.
    this.secrets = new GeneratedSecrets(this, 'Secrets', config);
    // The configuration travels in each function's code asset: Lambda's 4 KB environment would hold about
    // ten accounts, and every change of accounts needs a deployment anyway (schedules, secrets, SES grants).
    const bundledFiles = { [BUNDLED_CONFIG_FILE]: runtimeConfigText(config) };

    this.reportApi = new ReportFunction(this, 'ReportApi', {
      entry: 'functions/report-api.ts',
      description: 'invoice reports: the HTTPS report API',
      timeout: Duration.minutes(5),
      buildsReports: true,
      bundledFiles,
      // A cap on the public endpoint, so that a flood of requests leaves the monthly runs their
      // concurrency; none by default, since a new account's quota of 10 cannot reserve any.
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

    this.scheduledReport.useReportsBucket(this.reports.bucket, 'all');
    // The report API builds reports but never emails: it cannot touch a delivery record.
    this.reportApi.useReportsBucket(this.reports.bucket, 'builds');
    for (const fn of [this.reportApi, this.scheduledReport]) fn.readSecretsUnder(config.accountSecretPrefix);
    this.reportApi.readSecrets([
      config.reportApiTokenSecretName,
      config.accountTokenKeySecretName,
      config.linkSigningKeySecretName,
    ]);
    // The scheduled run signs the links it emails.
    this.scheduledReport.readSecrets([config.linkSigningKeySecretName]);
    // No function starts before the secrets it reads exist.
    for (const fn of [this.reportApi, this.scheduledReport]) fn.lambda.node.addDependency(this.secrets);
    if (config.sesAllowAnyIdentity) this.scheduledReport.sendEmailAsAnyIdentity(config.sesRegion);
    else
      this.scheduledReport.sendEmailAs(
        sesIdentityNames(config.accounts, config.sesSandbox),
        config.sesRegion,
      );

    // A Function URL rather than API Gateway: no 29-second integration limit on building a report.
    // No IAM auth: the app checks bearer tokens and link signatures itself, since a mail client
    // following an emailed link cannot sign its request. (No AwsSolutions rule covers Function URLs.)
    const url = this.reportApi.lambda.addFunctionUrl({
      authType: FunctionUrlAuthType.NONE,
      invokeMode: InvokeMode.BUFFERED,
    });
    // The report API cannot be given its own URL (a circular reference); it uses the request's origin.
    // The digest marks the bundled file as the one checked here, so that no cold start checks it again.
    const configDigest = runtimeConfigDigest(config);
    this.reportApi.addEnvironment(toRuntimeEnv({ bucket, configDigest }));
    this.scheduledReport.addEnvironment(toRuntimeEnv({ bucket, reportApiUrl: url.url, configDigest }));
    // The dispatcher reads the configuration only.
    this.dispatcher.addEnvironment(toRuntimeEnv({ configDigest }));

    // An operator's asynchronous run that throws is retried twice by Lambda, then lands in the
    // dead-letter queue. (The fan-out invokes synchronously, with retries and a catch of its own.)
    this.scheduledReport.lambda.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(failures.queue),
    });
    const slots = scheduleSlots(config.accounts);
    this.fanOut = new ReportFanOut(this, 'FanOut', {
      dispatcher: this.dispatcher.lambda,
      report: this.scheduledReport.lambda,
      deadLetterQueue: failures.queue,
      maxConcurrency: config.maxConcurrentReports,
      runTimeout: SCHEDULED_REPORT_TIMEOUT,
      largestSlot: Math.max(0, ...slots.map((slot) => slot.accounts.length)),
    });
    this.schedules = new ReportSchedules(this, 'Schedules', {
      slots,
      target: this.fanOut.stateMachine,
      deadLetterQueue: failures.queue,
    });
    const functions = {
      ScheduledReport: this.scheduledReport.lambda,
      ReportApi: this.reportApi.lambda,
      Dispatcher: this.dispatcher.lambda,
    };
    const alarms = new ReportAlarms(this, 'Alarms', {
      functions,
      fanOut: this.fanOut.stateMachine,
      deadLetterQueue: failures.queue,
      deliveryLogGroups: [this.scheduledReport.logGroup],
      alarmEmail: config.alarmEmail,
    });
    new ReportDashboard(this, 'Dashboard', {
      functions,
      fanOut: this.fanOut.stateMachine,
      deadLetterQueue: failures.queue,
      alarms: alarms.alarms,
    });

    new CfnOutput(this, 'ReportApiUrl', { value: url.url, description: 'Base URL of the report API' });
    new CfnOutput(this, 'ReportBucketName', {
      value: this.reports.bucket.bucketName,
      description: 'Bucket holding the reports',
    });
    new CfnOutput(this, 'ScheduledReportFunctionName', {
      value: this.scheduledReport.lambda.functionName,
      description:
        'Invoke it with {"account","period","force"} to re-run or resend a month, a quarter or a year',
    });
    new CfnOutput(this, 'FanOutStateMachineArn', {
      value: this.fanOut.stateMachine.stateMachineArn,
      description: 'Start it with {"slot"} to re-run a schedule slot (nothing is emailed twice)',
    });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=${DASHBOARD_NAME}`,
      description: 'The CloudWatch dashboard: reports, emails, report API answers, alarms',
    });
    // The alarms tell of a failed run; its account and error are a message here, which the operator
    // reads and deletes once the period is re-run (an SQS queue's Ref is its URL).
    new CfnOutput(this, 'DeadLetterQueueUrl', {
      value: failures.queue.queueUrl,
      description: 'The failed runs: read each message, re-run its account or slot, then delete it',
    });

    checkDeploymentLimits(
      this,
      new Map([this.reportApi, this.scheduledReport, this.dispatcher].map((fn) => [fn, fn.environment])),
      slots,
    );
  }
}
