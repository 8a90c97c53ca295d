import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

export interface ReportAlarmsProps {
  /** Functions whose errors raise an alarm, by a name used in the alarm's id and description. */
  functions: Readonly<Record<string, IFunction>>;
  /** The fan-out, whose failed or timed-out executions (a slot that could not be dispatched) raise an alarm. */
  fanOut: IStateMachine;
  deadLetterQueue: IQueue;
  /** Subscribed to the alarm topic when given (the address must confirm the subscription). */
  alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);

/**
 * Alarms that need a person: any error of a function, a fan-out execution that failed or timed out, and
 * any message in the dead-letter queue (an account whose report was not delivered). They notify an SNS
 * topic, emailed to `alarmEmail`.
 */
export class ReportAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ReportAlarmsProps) {
    super(scope, id);
    // Not KMS-encrypted: alarm notifications carry no report data, and CloudWatch cannot publish to a
    // topic under the AWS-managed SNS key (a customer key would cost a monthly fee for nothing here).
    this.topic = new Topic(this, 'Topic', { displayName: 'Invoice reports alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    for (const [name, fn] of Object.entries(props.functions)) {
      this.alarms.push(
        new Alarm(this, `${name}Errors`, {
          alarmDescription: `${name}: the function failed (an error or a timeout). See its log group.`,
          metric: fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    this.alarms.push(
      new Alarm(this, 'FanOutFailures', {
        alarmDescription:
          "A schedule slot's fan-out failed or timed out (its accounts may not have run): see the execution in Step Functions, then re-run the slot.",
        metric: new MathExpression({
          expression: 'failed + timedOut',
          usingMetrics: {
            failed: props.fanOut.metricFailed({ period: PERIOD, statistic: 'Sum' }),
            timedOut: props.fanOut.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
          },
          period: PERIOD,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    this.alarms.push(
      new Alarm(this, 'DeadLetterMessages', {
        alarmDescription:
          "An account's report failed after every retry: its account and error wait in the dead-letter queue. Re-run the account's period, then delete the message.",
        metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: 'Maximum',
        }),
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}
