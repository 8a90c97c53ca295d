import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { DEFAULT_STALE_CLAIM_MS } from '../lib/delivery';

export interface ReportFanOutProps {
  /** Answers a slot's runs: `{ slot, scheduledTime }` in, `{ slot, runs: [event, ...] }` out. */
  dispatcher: IFunction;
  report: IFunction;
  deadLetterQueue: IQueue;
  /** Accounts of a slot reported at once (`maxConcurrentReports`). */
  maxConcurrency: number;
  runTimeout: Duration;
  largestSlot: number;
}

/**
 * Errors a retry cannot mend, by the `name` the scheduled function's errors carry. `DeliveryUnconfirmed`
 * leaves its claim in place, so a retry would only fail again: a person must look.
 */
const PERMANENT_RUN_ERRORS = [
  'ScheduledEventError',
  'UnknownAccountError',
  'ReportRequestError',
  'ConfigError',
  'InvoicingAuthenticationError',
  'SigningKeyError',
  'InvalidEmailError',
  'EmailTooLargeError',
  'DeliveryRecordError',
  'DeliveryUnconfirmedError',
];

const THROTTLED = 'Lambda.TooManyRequestsException';

/** A run's retries, the first that names its error applies. */
const RUN_RETRIES: sfn.RetryProps[] = [
  { errors: PERMANENT_RUN_ERRORS, maxAttempts: 0 },
  // A run that found the email claimed, a minute past the claim's going stale: the other run has then
  // marked it sent, or never will and the retry raises the delivery alarm. Sooner, it would find the
  // claim fresh and dead-letter a delivery that is not in progress.
  {
    errors: ['DeliveryInProgressError'],
    maxAttempts: 1,
    interval: Duration.millis(DEFAULT_STALE_CLAIM_MS).plus(Duration.minutes(1)),
  },
  // A run Lambda refused to start (a new account's quota is 10), 1, 2 and 4 minutes later; not the run's
  // own retries, since it never started.
  { errors: [THROTTLED], maxAttempts: 3, interval: Duration.minutes(1), backoffRate: 2 },
  // Any other failure: 2, then 6 minutes later.
  { errors: [sfn.Errors.ALL], maxAttempts: 2, interval: Duration.minutes(2), backoffRate: 3 },
];

/**
 * How long a slot's execution may run: its largest slot in waves of `maxConcurrency`, each run as long
 * as every attempt and wait of its retries, and an hour more. (A fixed two days stopped a slot of a
 * thousand accounts against a hanging service before most had run.)
 */
function fanOutTimeout({ runTimeout, largestSlot, maxConcurrency }: ReportFanOutProps): Duration {
  let attempts = 1;
  let waits = 0;
  // The defaults are Step Functions' own.
  for (const {
    errors = [],
    maxAttempts = 0,
    interval = Duration.seconds(1),
    backoffRate = 2,
  } of RUN_RETRIES) {
    for (let retry = 0; retry < maxAttempts; retry++) waits += interval.toSeconds() * backoffRate ** retry;
    // A throttled run never started: its retries take no run time.
    if (!errors.includes(THROTTLED)) attempts += maxAttempts;
  }
  const waves = Math.ceil(Math.max(1, largestSlot) / maxConcurrency);
  return Duration.seconds(waves * (runTimeout.toSeconds() * attempts + waits) + 3600);
}

/** Each run's outcome as the Map collects it: short words, so that a thousand fit a state's 256 KB. */
const DEAD_LETTER_LOST = 'dead-letter-lost';

/**
 * The fan-out of a schedule slot: the dispatcher's runs, then a Map that invokes the scheduled report
 * function once per account, at most `maxConcurrency` at once. Each run has its own retries and a catch
 * that sends `{ account, periodKind, scheduledTime, failure }` to the dead-letter queue, so one account's
 * failure stops no other. When a dead letter cannot be sent either, every account still runs, then the
 * execution fails (`DeadLetterLost`) and its history holds the account and failure.
 */
export class ReportFanOut extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: ReportFanOutProps) {
    super(scope, id);

    const dispatch = new LambdaInvoke(this, 'Dispatch', {
      comment: "The slot's accounts, one run each",
      lambdaFunction: props.dispatcher,
      payloadResponseOnly: true,
    });
    const run = new LambdaInvoke(this, 'RunReport', {
      comment: "Build, save and email one account's report once",
      lambdaFunction: props.report,
      payloadResponseOnly: true,
    });
    for (const retry of RUN_RETRIES) run.addRetry(retry);
    const deadLetter = new SqsSendMessage(this, 'DeadLetter', {
      comment: 'The account, the period it was for, and why it failed',
      queue: props.deadLetterQueue,
      // The dispatcher fills in all three members of every run.
      messageBody: sfn.TaskInput.fromObject({
        account: sfn.JsonPath.stringAt('$.account'),
        periodKind: sfn.JsonPath.stringAt('$.periodKind'),
        scheduledTime: sfn.JsonPath.stringAt('$.scheduledTime'),
        failure: sfn.JsonPath.objectAt('$.failure'),
      }),
    });
    deadLetter.addRetry({ errors: [sfn.Errors.ALL], maxAttempts: 3 });
    const outcome = (id: string, word: string) =>
      new sfn.Pass(this, id, { result: sfn.Result.fromString(word) });
    run.addCatch(deadLetter, { errors: [sfn.Errors.ALL], resultPath: '$.failure' });
    deadLetter.addCatch(outcome('DeadLetterLost', DEAD_LETTER_LOST), {
      errors: [sfn.Errors.ALL],
      resultPath: '$.deadLetterFailure',
    });
    run.next(outcome('RunDone', 'done'));
    deadLetter.next(outcome('DeadLettered', 'dead-lettered'));

    const eachAccount = new sfn.Map(this, 'EachAccount', {
      comment: 'One run per account, a bounded number at once',
      itemsPath: '$.runs',
      maxConcurrency: props.maxConcurrency,
      resultSelector: {
        deadLetterLost: sfn.JsonPath.arrayContains(sfn.JsonPath.entirePayload, DEAD_LETTER_LOST),
      },
      resultPath: '$.outcomes',
    }).itemProcessor(run);
    const anyDeadLetterLost = new sfn.Choice(this, 'AnyDeadLetterLost')
      .when(
        sfn.Condition.booleanEquals('$.outcomes.deadLetterLost', true),
        new sfn.Fail(this, 'DeadLettersLost', {
          error: 'DeadLetterLost',
          cause:
            "An account's run failed and its message could not be put in the dead-letter queue: the execution's history has the account and the failure. The slot's other accounts were run.",
        }),
      )
      .otherwise(new sfn.Succeed(this, 'SlotDone'));

    // Under /aws/vendedlogs/, the group stays out of the account's log resource policy (5,120 characters).
    // https://docs.aws.amazon.com/step-functions/latest/dg/cw-logs.html
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-${this.node.id}`,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      comment: 'Reports of one schedule slot: each account once, a bounded number at once',
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(dispatch.next(eachAccount).next(anyDeadLetterLost)),
      timeout: fanOutTimeout(props),
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });

    const functionArn = (fn: IFunction) =>
      `<${Stack.of(this).getLogicalId(fn.node.defaultChild as CfnFunction)}.Arn>`;
    const findings = {
      ...Object.fromEntries(
        [props.dispatcher, props.report].map((fn) => [
          `AwsSolutions-IAM5[Resource::${functionArn(fn)}:*]`,
          "The task's invoke grant also names the function's versions and aliases (`<function ARN>:*`); it reaches no other function.",
        ]),
      ),
      'AwsSolutions-IAM5[Resource::*]':
        'Step Functions delivers its execution logs through CloudWatch Logs log delivery, whose actions (CreateLogDelivery, DescribeResourcePolicies...) take no resource ARN.',
      'AwsSolutions-SF2':
        "No X-Ray: the work happens in the functions, whose JSON logs carry each run's account, period and outcome; the execution history shows each account's attempts.",
    };
    for (const [id, reason] of Object.entries(findings)) {
      Validations.of(this.stateMachine).acknowledge({ id, reason });
    }
  }
}
