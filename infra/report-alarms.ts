import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { DELIVERY_UNCONFIRMED } from '../lib/delivery';
import { METRIC_NAMES } from '../lib/metrics';
import { projectMetric } from './project-metric';

export interface ReportAlarmsProps {
  /** By the name the alarm's id and description use. */
  functions: Readonly<Record<string, IFunction>>;
  fanOut: IStateMachine;
  deadLetterQueue: IQueue;
  /** Watched for lines saying a delivery is unconfirmed. */
  deliveryLogGroups: readonly ILogGroup[];
  /** Subscribed to the alarm topic (the address must confirm the subscription). */
  alarmEmail: string;
}

const PERIOD = Duration.minutes(5);

const DELIVERY_METRIC = { namespace: 'InvoiceReports', name: 'DeliveryUnconfirmed' } as const;

/**
 * Alarms that need a person, notifying an SNS topic emailed to `alarmEmail`: a function's error, a failed
 * or timed-out fan-out, the dead-letter queue, a delivery left unconfirmed, the report API's 5xx answers
 * and reconciliation differences. The delivery alarm watches the logs, so that it names the problem and
 * fires however the failing run was invoked.
 */
export class ReportAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ReportAlarmsProps) {
    super(scope, id);
    // Not KMS-encrypted: notifications carry no report data, and CloudWatch cannot publish to a topic
    // under the AWS-managed SNS key.
    this.topic = new Topic(this, 'Topic', { displayName: 'Invoice reports alarms', enforceSSL: true });
    // enforceSSL's topic policy replaces the default one that let the account's services publish:
    // without this Allow, every notification fails silently.
    // https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsOfThisAccount',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (id: string, alarmDescription: string, metric: IMetric, threshold = 1) => {
      const created = new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator:
          threshold === 0
            ? ComparisonOperator.GREATER_THAN_THRESHOLD
            : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
    };

    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}Errors`,
        `${name}: the function failed (an error or a timeout). See its log group.`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      );
    }
    alarm(
      'FanOutFailures',
      "A schedule slot's fan-out failed or timed out (its accounts may not have run): see the execution in Step Functions, then re-run the slot.",
      new MathExpression({
        expression: 'failed + timedOut',
        usingMetrics: {
          failed: props.fanOut.metricFailed({ period: PERIOD, statistic: 'Sum' }),
          timedOut: props.fanOut.metricTimedOut({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
      }),
    );
    alarm(
      'DeadLetterMessages',
      'An account\'s report failed after every retry, or a schedule could not start its slot: the account (or the slot) and the error wait in the dead-letter queue. Re-run the account\'s period (or the slot), then delete the message (if its log says "delivery unconfirmed", see the README first). This alarm stays raised while a message is left; DeadLetterNewMessages tells of each new one.',
      props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: 'Maximum',
      }),
      0,
    );
    // The alarm above stays raised while a message is left; this one fires for each new failure.
    alarm(
      'DeadLetterNewMessages',
      "A new message reached the dead-letter queue: an account's report failed after every retry, or a schedule could not start its slot. It fires for each new failure, even while older messages are left. Read the message (the account or the slot, and the error), re-run it, then delete it.",
      props.deadLetterQueue.metricNumberOfMessagesSent({ period: PERIOD, statistic: 'Sum' }),
    );
    for (const [index, logGroup] of props.deliveryLogGroups.entries()) {
      new MetricFilter(this, `DeliveryUnconfirmedLines${index}`, {
        logGroup,
        // A quoted phrase matches log events that hold these words together, JSON lines included.
        filterPattern: FilterPattern.literal(`"${DELIVERY_UNCONFIRMED}"`),
        metricNamespace: DELIVERY_METRIC.namespace,
        metricName: DELIVERY_METRIC.name,
        metricValue: '1',
      });
    }
    alarm(
      'DeliveryUnconfirmed',
      "A period's email may have gone out unconfirmed (SES's answer was lost, or a claim went stale); " +
        'nothing resends it without force. Check SES and the recipients, then mark the period sent or ' +
        'resend it: README, "When the delivery alarm fires".',
      new Metric({
        namespace: DELIVERY_METRIC.namespace,
        metricName: DELIVERY_METRIC.name,
        period: PERIOD,
        statistic: 'Sum',
      }),
    );
    // A Function URL's 500 is an answer, not a Lambda error: the functions' error alarms never see it.
    alarm(
      'ReportApiServerErrors',
      'The report API answered with a 5xx status: 502 when the invoicing service failed or refused the account\'s key, 500 for anything else (a secret it cannot read, a fault). Search the report API\'s log group for "error" to find the request and its cause.',
      projectMetric(METRIC_NAMES.apiAnswers, { dimensions: { statusClass: '5xx' } }),
    );
    alarm(
      'ReconciliationDifferences',
      "A report was built whose reconciliation found a difference: the invoicing service's statistics and its itemised lists disagree for the same window. The report shows each difference; find the account and period with Logs Insights over the report functions' log groups (filter ReconciliationDifferences > 0 | fields account, period), then raise it with the service.",
      projectMetric(METRIC_NAMES.reconciliationDifferences),
    );
  }
}
