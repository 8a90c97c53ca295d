import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { CfnFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import {
  Choice,
  Condition,
  DefinitionBody,
  Errors,
  Fail,
  JsonPath,
  LogLevel,
  Map as MapState,
  Pass,
  Result,
  StateMachine,
  StateMachineType,
  Succeed,
  TaskInput,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke, SqsSendMessage } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { DEFAULT_STALE_CLAIM_MS } from '../lib/delivery';

export interface ReportFanOutProps {
  /** Answers a slot's runs: `{ slot, scheduledTime }` in, `{ slot, runs: [event, ...] }` out. */
  dispatcher: IFunction;
  /** The scheduled report function, invoked once per account with its event. */
  report: IFunction;
  /** Where an account's run goes after its last retry. */
  deadLetterQueue: IQueue;
  /** Accounts of a slot reported at once (`maxConcurrentReports`). */
  maxConcurrency: number;
  /** The scheduled report function's timeout: the longest one attempt at an account's run takes. */
  runTimeout: Duration;
  /** Accounts in the largest slot: how many runs one execution may have to make. */
  largestSlot: number;
}

/**
 * The longest an account's run can take with all its retries: one attempt, another after finding the
 * email claimed, two after failures, each to the function's timeout, and every wait between them
 * (failures' 2 and 6 minutes, the claim's 16, and Lambda's refusals' 1, 2 and 4).
 */
export function longestRun(runTimeout: Duration): Duration {
  const attempts = 2 + RUN_RETRY_ATTEMPTS;
  const failureWaits = RUN_RETRY_INTERVAL.toSeconds() * (1 + 3);
  const throttleWaits = THROTTLED_RUN_RETRY_INTERVAL.toSeconds() * (1 + 2 + 4);
  return Duration.seconds(
    runTimeout.toSeconds() * attempts + failureWaits + CLAIMED_RUN_RETRY_INTERVAL.toSeconds() + throttleWaits,
  );
}

/**
 * How long one slot's execution may run before it is stopped (and the fan-out alarm raised): its
 * largest slot's accounts, `maxConcurrency` at a time, each as long as `longestRun`, and an hour more.
 * A fixed two days stopped a slot of a thousand accounts at ten at a time, each run timing out against
 * a service that hangs (about 150 hours then), before most of its accounts had run or been dead-lettered.
 */
export function fanOutTimeout(
  props: Pick<ReportFanOutProps, 'runTimeout' | 'largestSlot' | 'maxConcurrency'>,
) {
  const waves = Math.ceil(Math.max(1, props.largestSlot) / props.maxConcurrency);
  return Duration.seconds(waves * longestRun(props.runTimeout).toSeconds() + 3600);
}

/**
 * Errors a retry cannot mend, by the `name` the scheduled function's errors carry (Step Functions reads
 * a Lambda error's type from it): a bad event, an unknown account, a period not begun, a configuration
 * fault, a key the service refuses, a signing key too short, a message SES can never take, an email
 * SES accepted whose record could not be written, and an email SES may have sent without saying so
 * (`delivery unconfirmed`: the claim stays, so a retry would only find it and fail again; a person must
 * look). Each goes to the dead-letter queue at once.
 */
export const PERMANENT_RUN_ERRORS = [
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
] as const;

/** Further attempts at one account's run after a failure, and the wait before the first (then ×3). */
export const RUN_RETRY_ATTEMPTS = 2;
export const RUN_RETRY_INTERVAL = Duration.minutes(2);

/**
 * Retries of a run Lambda refused to start because the account's concurrency was used up
 * (`Lambda.TooManyRequestsException`: a new account's quota is 10, and two slots firing at once can ask
 * for more), 1, 2 and 4 minutes later: the run never started, so it is not one of the run's own
 * retries, and nothing went wrong that a dead letter should report. Each costs a few history events, for
 * the throttled runs only (see `AWS_LIMITS.accountsPerSlot`).
 */
export const THROTTLED_RUN_RETRY_ATTEMPTS = 3;
export const THROTTLED_RUN_RETRY_INTERVAL = Duration.minutes(1);

/**
 * The wait before the one retry of a run that found the period's email claimed by another run: a minute
 * past the claim's going stale. By then the other run has marked it sent (the retry finds it so and
 * succeeds) or never will, having been cut off between sending and recording: the retry then fails with
 * `delivery unconfirmed`, which raises the delivery alarm. Retried sooner, it would find the claim fresh
 * each time and end in the dead-letter queue saying another delivery is in progress, which none is.
 */
export const CLAIMED_RUN_RETRY_INTERVAL = Duration.millis(DEFAULT_STALE_CLAIM_MS).plus(Duration.minutes(1));

/**
 * What each account's run ends in, as the Map collects it: a short word, so that a thousand of them stay
 * far inside a state's 256 KB.
 */
export const RUN_OUTCOMES = {
  /** The run succeeded (it built and sent the report, or found it sent). */
  done: 'done',
  /** The run failed, and its account and failure are in the dead-letter queue. */
  deadLettered: 'dead-lettered',
  /** The run failed, and the dead-letter queue could not be sent its message either. */
  deadLetterLost: 'dead-letter-lost',
} as const;

/**
 * The fan-out of a schedule slot, on Step Functions: a task asks the dispatcher for the slot's runs, then
 * a Map state invokes the scheduled report function once per account, at most `maxConcurrency` at once.
 * Each account's run has its own retries and its own catch, which sends `{ account, periodKind,
 * scheduledTime, failure: { Error, Cause } }` to the dead-letter queue: one account's failure never stops
 * another's. A dead letter that cannot be sent (after its own retries) stops nothing either: every
 * account is run, and then the execution fails (`DeadLetterLost`), which raises the fan-out alarm, where
 * the account and its failure are in the execution's history.
 * The Map keeps only each run's outcome word (`RUN_OUTCOMES`); each run's details are in the execution's
 * history and in the function's log.
 */
export class ReportFanOut extends Construct {
  readonly stateMachine: StateMachine;

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
    run.addRetry({ errors: [...PERMANENT_RUN_ERRORS], maxAttempts: 0 });
    run.addRetry({
      errors: ['DeliveryInProgressError'],
      maxAttempts: 1,
      interval: CLAIMED_RUN_RETRY_INTERVAL,
    });
    run.addRetry({
      errors: ['Lambda.TooManyRequestsException'],
      maxAttempts: THROTTLED_RUN_RETRY_ATTEMPTS,
      interval: THROTTLED_RUN_RETRY_INTERVAL,
      backoffRate: 2,
    });
    run.addRetry({
      errors: [Errors.ALL],
      maxAttempts: RUN_RETRY_ATTEMPTS,
      interval: RUN_RETRY_INTERVAL,
      backoffRate: 3,
    });
    const deadLetter = new SqsSendMessage(this, 'DeadLetter', {
      comment: 'The account, the period it was for, and why it failed',
      queue: props.deadLetterQueue,
      // The dispatcher fills in all three members of every run, so no path here can be missing.
      messageBody: TaskInput.fromObject({
        account: JsonPath.stringAt('$.account'),
        periodKind: JsonPath.stringAt('$.periodKind'),
        scheduledTime: JsonPath.stringAt('$.scheduledTime'),
        failure: JsonPath.objectAt('$.failure'),
      }),
    });
    deadLetter.addRetry({ errors: [Errors.ALL], maxAttempts: 3 });
    const outcome = (id: string, word: string) => new Pass(this, id, { result: Result.fromString(word) });
    run.addCatch(deadLetter, { errors: [Errors.ALL], resultPath: '$.failure' });
    deadLetter.addCatch(outcome('DeadLetterLost', RUN_OUTCOMES.deadLetterLost), {
      errors: [Errors.ALL],
      resultPath: '$.deadLetterFailure',
    });
    run.next(outcome('RunDone', RUN_OUTCOMES.done));
    deadLetter.next(outcome('DeadLettered', RUN_OUTCOMES.deadLettered));

    const eachAccount = new MapState(this, 'EachAccount', {
      comment: 'One run per account, a bounded number at once',
      itemsPath: '$.runs',
      maxConcurrency: props.maxConcurrency,
      resultSelector: {
        deadLetterLost: JsonPath.arrayContains(JsonPath.entirePayload, RUN_OUTCOMES.deadLetterLost),
      },
      resultPath: '$.outcomes',
    }).itemProcessor(run);
    const anyDeadLetterLost = new Choice(this, 'AnyDeadLetterLost')
      .when(
        Condition.booleanEquals('$.outcomes.deadLetterLost', true),
        new Fail(this, 'DeadLettersLost', {
          error: 'DeadLetterLost',
          cause:
            "An account's run failed and its message could not be put in the dead-letter queue: the execution's history has the account and the failure. The slot's other accounts were run.",
        }),
      )
      .otherwise(new Succeed(this, 'SlotDone'));

    // Under /aws/vendedlogs/: CloudWatch Logs then takes Step Functions' log delivery without adding this
    // group to the account's log resource policy, whose 5,120 characters other stacks' groups share.
    // https://docs.aws.amazon.com/step-functions/latest/dg/cw-logs.html
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-${this.node.id}`,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      comment: 'Reports of one schedule slot: each account once, a bounded number at once',
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(dispatch.next(eachAccount).next(anyDeadLetterLost)),
      timeout: fanOutTimeout(props),
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });

    const stack = Stack.of(this);
    const acknowledgeInvoke = (fn: IFunction) =>
      Validations.of(this.stateMachine).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(functionResource(fn))}.Arn>:*]`,
        reason:
          "The task's invoke grant also names the function's versions and aliases (`<function ARN>:*`); it reaches no other function.",
      });
    acknowledgeInvoke(props.dispatcher);
    acknowledgeInvoke(props.report);
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Step Functions delivers its execution logs through CloudWatch Logs log delivery, whose actions (CreateLogDelivery, DescribeResourcePolicies...) take no resource ARN.',
    });
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-SF2',
      reason:
        "No X-Ray: the work happens in the functions, whose JSON logs carry each run's account, period and outcome; the execution history shows each account's attempts.",
    });
  }
}

/** The CloudFormation resource of a function, whose logical id appears in cdk-nag's finding. */
export function functionResource(fn: IFunction): CfnFunction {
  const resource = fn.node.defaultChild;
  if (!(resource instanceof CfnFunction))
    throw new Error(`${fn.node.path} is not a function defined in this app`);
  return resource;
}
