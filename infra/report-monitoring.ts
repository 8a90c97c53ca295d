import { ArnFormat, Duration, type Stack } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
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
import {
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  REPORT_TRIGGERS,
  type StatusClass,
} from '../lib/metrics';
import type { PeriodKind } from '../lib/period';

/** What the alarms and the dashboard watch; the functions by the name their alarms and graphs use. */
interface Watched {
  functions: Readonly<Record<string, IFunction>>;
  fanOut: IStateMachine;
  deadLetterQueue: IQueue;
  /** The log the delivery alarm watches. */
  deliveryLogGroup: ILogGroup;
  alarmEmail: string;
}

export const DASHBOARD_NAME = 'InvoiceReports';

/** The period of every alarm and graph. */
const PERIOD = Duration.minutes(5);
const DELIVERY_METRIC = { namespace: METRICS_NAMESPACE, metricName: 'DeliveryUnconfirmed' } as const;
const PERIOD_KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year'];
const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];

/** A metric the functions publish through Powertools (`lib/metrics`), with its dimensions: `service` and these. */
function projectMetric(
  metricName: string,
  options: { dimensions?: Record<string, string>; statistic?: string; label?: string } = {},
): cw.Metric {
  return new cw.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: METRICS_SERVICE, ...options.dimensions },
    statistic: options.statistic ?? 'Sum',
    period: PERIOD,
    ...(options.label ? { label: options.label } : {}),
  });
}

/** The fan-out's executions that failed or timed out. */
function fanOutFailures(fanOut: IStateMachine, each: cw.MetricOptions, label?: string) {
  return new cw.MathExpression({
    expression: 'failed + timedOut',
    usingMetrics: { failed: fanOut.metricFailed(each), timedOut: fanOut.metricTimedOut(each) },
    ...(label ? { label } : {}),
    period: PERIOD,
  });
}

/**
 * Alarms that need a person (`Alarms`), notifying an SNS topic emailed to `alarmEmail` (the address must
 * confirm the subscription): a function's error, a failed or timed-out fan-out, the dead-letter queue, a
 * delivery left unconfirmed, the report API's 5xx answers and reconciliation differences. The delivery
 * alarm watches the log (`deliveryLogGroup`), so that it names the problem and fires however the failing
 * run was invoked. And one CloudWatch dashboard (`Dashboard`): the alarms' states, reports and emails, the
 * report API, the functions, the fan-out.
 */
export function addMonitoring(stack: Stack, props: Watched): void {
  const alarms: cw.Alarm[] = [];
  const scope = new Construct(stack, 'Alarms');
  // Not KMS-encrypted: notifications carry no report data, and CloudWatch cannot publish to a topic
  // under the AWS-managed SNS key.
  const topic = new Topic(scope, 'Topic', { displayName: 'Invoice reports alarms', enforceSSL: true });
  // enforceSSL's topic policy replaces the default one that let the account's services publish:
  // without this Allow, every notification fails silently.
  // https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisAccount',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
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
  topic.addSubscription(new EmailSubscription(props.alarmEmail));
  const action = new SnsAction(topic);
  const alarm = (id: string, alarmDescription: string, metric: cw.IMetric, threshold = 1) => {
    const created = new cw.Alarm(scope, id, {
      alarmDescription,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator:
        threshold === 0
          ? cw.ComparisonOperator.GREATER_THAN_THRESHOLD
          : cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
    });
    created.addAlarmAction(action);
    created.addOkAction(action);
    alarms.push(created);
  };
  const queue = props.deadLetterQueue;

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
    fanOutFailures(props.fanOut, { period: PERIOD, statistic: 'Sum' }),
  );
  alarm(
    'DeadLetterMessages',
    'An account\'s report failed after every retry, or a schedule could not start its slot: the account (or the slot) and the error wait in the dead-letter queue. Re-run the account\'s period (or the slot), then delete the message (if its log says "delivery unconfirmed", see docs/operations.md, "When the delivery alarm fires" first). This alarm stays raised while a message is left; DeadLetterNewMessages tells of each new one.',
    queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
    0,
  );
  alarm(
    'DeadLetterNewMessages',
    "A new message reached the dead-letter queue: an account's report failed after every retry, or a schedule could not start its slot. It fires for each new failure, even while older messages are left. Read the message (the account or the slot, and the error), re-run it, then delete it.",
    queue.metricNumberOfMessagesSent({ period: PERIOD, statistic: 'Sum' }),
  );
  new MetricFilter(scope, 'DeliveryUnconfirmedLines0', {
    logGroup: props.deliveryLogGroup,
    // A quoted phrase matches log events that hold these words together, JSON lines included.
    filterPattern: FilterPattern.literal(`"${DELIVERY_UNCONFIRMED}"`),
    metricNamespace: DELIVERY_METRIC.namespace,
    metricName: DELIVERY_METRIC.metricName,
    metricValue: '1',
  });
  alarm(
    'DeliveryUnconfirmed',
    "A period's email may have gone out unconfirmed (SES's answer was lost, or a claim went stale); " +
      'nothing resends it without force. Check SES and the recipients, then mark the period sent or ' +
      'resend it: docs/operations.md, "When the delivery alarm fires".',
    new cw.Metric({ ...DELIVERY_METRIC, period: PERIOD, statistic: 'Sum' }),
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

  const graph = (
    title: string,
    left: cw.IMetric[],
    options: { stacked?: boolean; right?: cw.IMetric[] } = {},
  ) => new cw.GraphWidget({ title, left, width: 8, height: 6, period: PERIOD, ...options });
  const labelled = (metricName: string, label: string) => projectMetric(metricName, { label });
  // Builds are published with a kind of period and a trigger as dimensions.
  const perBuild = (metricName: string, statistic: string) =>
    PERIOD_KINDS.flatMap((kind) =>
      REPORT_TRIGGERS.map((trigger) =>
        projectMetric(metricName, {
          dimensions: { kind, trigger },
          statistic,
          label: `${kind}, ${trigger}`,
        }),
      ),
    );
  const perFunction = (metric: 'metricErrors' | 'metricDuration' | 'metricThrottles', statistic?: string) =>
    Object.entries(props.functions).map(([name, fn]) =>
      fn[metric]({ period: PERIOD, label: name, ...(statistic ? { statistic } : {}) }),
    );

  const dashboard = new cw.Dashboard(new Construct(stack, 'Dashboard'), 'Dashboard', {
    dashboardName: DASHBOARD_NAME,
    defaultInterval: Duration.days(7),
  });
  dashboard.addWidgets(new cw.AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: 4 }));
  dashboard.addWidgets(
    graph('Reports built, by period and trigger', perBuild(METRIC_NAMES.reportsBuilt, 'Sum'), {
      stacked: true,
    }),
    graph('Build time, longest (seconds)', perBuild(METRIC_NAMES.buildSeconds, 'Maximum')),
    graph(
      'Records fetched; reconciliation differences',
      [labelled(METRIC_NAMES.recordsFetched, 'records fetched')],
      { right: [labelled(METRIC_NAMES.reconciliationDifferences, 'reconciliation differences')] },
    ),
  );
  dashboard.addWidgets(
    graph('Emails', [
      labelled(METRIC_NAMES.emailsSent, 'sent'),
      labelled(METRIC_NAMES.emailsAlreadySent, 'already sent'),
      labelled(METRIC_NAMES.emailsUnconfirmed, 'unconfirmed'),
    ]),
    graph(
      'Report API answers, by status class',
      STATUS_CLASSES.map((statusClass) =>
        projectMetric(METRIC_NAMES.apiAnswers, { dimensions: { statusClass }, label: statusClass }),
      ),
      { stacked: true },
    ),
    graph('Fan-out executions and dead letters', [
      props.fanOut.metricSucceeded({ period: PERIOD, label: 'slots succeeded' }),
      fanOutFailures(props.fanOut, { period: PERIOD }, 'slots failed or timed out'),
      props.deadLetterQueue.metricNumberOfMessagesSent({ period: PERIOD, label: 'dead letters' }),
    ]),
  );
  dashboard.addWidgets(
    graph('Function errors', perFunction('metricErrors')),
    graph('Function duration, longest (ms)', perFunction('metricDuration', 'Maximum')),
    graph('Function throttles', perFunction('metricThrottles')),
  );
}
